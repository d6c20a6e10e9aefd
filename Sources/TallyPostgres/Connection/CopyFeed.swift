import Foundation
import PostgresNIO

/// The rows of a `COPY … FROM STDIN` on their way to the server: the caller's thread hands
/// over chunks, the copy sends them; at most two chunks wait, so a large file streams through
/// a few megabytes.
final class CopyFeed: @unchecked Sendable {
  let chunks: AsyncStream<ByteBuffer>
  private let continuation: AsyncStream<ByteBuffer>.Continuation
  private let room = DispatchSemaphore(value: 2)
  private let finished = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var failure: (any Error)?
  private var isOver = false

  init() {
    (chunks, continuation) = AsyncStream<ByteBuffer>.makeStream()
  }

  /// Hands `chunk` to the copy, waiting while two are still unsent.
  ///
  /// - Throws: The server's error, if the copy has failed already.
  func send(_ chunk: ByteBuffer) throws {
    room.wait()
    lock.lock()
    let over = isOver
    let failure = failure
    lock.unlock()
    if let failure { throw failure }
    if over { return }
    continuation.yield(chunk)
  }

  /// Ends the rows and waits for the server to take them.
  ///
  /// - Throws: The server's error, such as a row it refused.
  func finish() throws {
    continuation.finish()
    finished.wait()
    lock.lock()
    defer { lock.unlock() }
    if let failure { throw failure }
  }

  /// Gives up the copy: the server rolls back what it took.
  func cancel() {
    continuation.finish()
    finished.wait()
  }

  /// A chunk went to the server: room for the next.
  func sent() {
    room.signal()
  }

  /// The copy is over, with `error` if it failed: a waiting sender goes on.
  func end(_ error: (any Error)?) {
    lock.lock()
    failure = error
    isOver = true
    lock.unlock()
    room.signal()
    room.signal()
    finished.signal()
  }
}
