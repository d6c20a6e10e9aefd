import Foundation

/// Buffered writing to standard output, for long listings.
final class StandardOutput {
  private var buffer: [UInt8] = []
  private let capacity = 1 << 16

  init() {
    buffer.reserveCapacity(capacity)
  }

  /// Adds `text` to the output.
  func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= capacity { flush() }
  }

  /// Writes what is buffered.
  func flush() {
    guard !buffer.isEmpty else { return }
    FileHandle.standardOutput.write(Data(buffer))
    buffer.removeAll(keepingCapacity: true)
  }

  deinit {
    flush()
  }
}

/// Messages for people go to standard error, so that standard output stays clean for programs.
enum Messages {
  static func say(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
