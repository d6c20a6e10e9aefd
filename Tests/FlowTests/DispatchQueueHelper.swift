import Foundation

/// Runs work on several threads at once.
enum DispatchQueueHelper {
  static func run(threads: Int, times: Int, _ body: @escaping @Sendable () -> Void) {
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<times {
        body()
      }
    }
  }
}
