import Foundation
import TallyCore

/// One row read from a file: a reading, or why the row is not one.
enum RowItem: Sendable {
  case valid(ImportedReading)
  case invalid(RowProblem)
}

/// Rows read on one thread, handed in order to another in chunks, with at most `capacity`
/// chunks waiting, so memory stays bounded however large the file.
final class RowChannel: @unchecked Sendable {
  struct Chunk: Sendable {
    var items: [RowItem]
    /// How far through the file the reader was, from 0 to 1.
    var progress: Double
  }

  // All below guarded by `condition`.
  private let condition = NSCondition()
  private var chunks: [Chunk] = []
  private var outcome: Result<String, any Error>?
  private var isCancelled = false
  private let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// Called by the reader: waits for room, then adds the chunk.
  ///
  /// Returns `false` once the consumer has given up.
  func put(_ chunk: Chunk) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while chunks.count >= capacity, !isCancelled { condition.wait() }
    guard !isCancelled else { return false }
    chunks.append(chunk)
    condition.broadcast()
    return true
  }

  /// Called by the reader when it is done: the file's hash, or why it stopped.
  func finish(_ result: Result<String, any Error>) {
    condition.lock()
    outcome = result
    condition.broadcast()
    condition.unlock()
  }

  /// Called by the consumer: the next chunk, or `nil` when the reader has finished.
  func take() -> Chunk? {
    condition.lock()
    defer { condition.unlock() }
    while chunks.isEmpty, outcome == nil { condition.wait() }
    guard !chunks.isEmpty else { return nil }
    condition.broadcast()
    return chunks.removeFirst()
  }

  /// Called by the consumer when it stops early: the reader stops at its next chunk.
  func cancel() {
    condition.lock()
    isCancelled = true
    condition.broadcast()
    condition.unlock()
  }

  /// Waits for the reader's outcome.
  func result() -> Result<String, any Error> {
    condition.lock()
    defer { condition.unlock() }
    while outcome == nil { condition.wait() }
    return outcome ?? .failure(CancellationError())
  }
}
