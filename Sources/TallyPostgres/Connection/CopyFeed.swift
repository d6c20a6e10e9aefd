import Foundation
import PostgresNIO

/// The rows of a `COPY … FROM STDIN` on their way to the server: the caller's thread writes
/// rows into a buffer that is handed over a megabyte at a time, and the copy sends the chunks;
/// a bounded number of chunks wait, so a large file streams through a few megabytes.
final class CopyFeed: @unchecked Sendable {
  /// How many bytes of rows are gathered before they are handed over.
  static let chunkSize = 1 << 20
  let chunks: AsyncStream<ByteBuffer>
  private let continuation: AsyncStream<ByteBuffer>.Continuation
  private let room: DispatchSemaphore
  private let waiting: Int
  private let finished = DispatchSemaphore(value: 0)
  /// Seconds to wait for the server to take a chunk, or to end the copy.
  private let answerWithin: Double
  /// Called when the server took longer: it closes the connection.
  private let timedOut: @Sendable (NoAnswer) -> Void
  private let lock = NSLock()
  private var failure: (any Error)?
  private var isOver = false
  /// The rows not handed over yet; only the caller's thread touches it.
  private var buffer = CopyFeed.emptyChunk()

  /// A feed that lets `waiting` chunks wait for the server before a writer waits too, and
  /// waits `answerWithin` seconds at most for the server to take one.
  init(
    waiting: Int = 2, answerWithin: Double, timedOut: @escaping @Sendable (NoAnswer) -> Void
  ) {
    (chunks, continuation) = AsyncStream<ByteBuffer>.makeStream()
    self.waiting = waiting
    self.answerWithin = answerWithin
    self.timedOut = timedOut
    room = DispatchSemaphore(value: waiting)
  }

  private static func emptyChunk() -> ByteBuffer {
    var buffer = ByteBuffer()
    buffer.reserveCapacity(chunkSize + 4_096)
    return buffer
  }

  /// Writes one row (or a few) with `row`, handing the buffer over once it is full.
  ///
  /// - Throws: The server's error, if the copy has failed already.
  func write(_ row: (inout ByteBuffer) -> Void) throws {
    row(&buffer)
    if buffer.readableBytes >= Self.chunkSize {
      try handOver()
    }
  }

  /// Sends the rows still buffered, ends them and waits for the server to take them.
  ///
  /// - Throws: The server's error, such as a row it refused.
  func finish() throws {
    try handOver()
    continuation.finish()
    try wait(for: finished)
    lock.lock()
    defer { lock.unlock() }
    if let failure { throw failure }
  }

  /// Gives up the copy: the server rolls back what it took.
  func cancel() {
    continuation.finish()
    try? wait(for: finished)
  }

  /// Waits for `semaphore`, giving the connection up when the server takes too long.
  private func wait(for semaphore: DispatchSemaphore) throws {
    guard semaphore.wait(timeout: .now() + answerWithin) == .success else {
      let error = NoAnswer(seconds: answerWithin)
      timedOut(error)
      end(error)
      throw error
    }
  }

  /// Hands the buffer to the copy, waiting while the chunks that may wait are still unsent.
  private func handOver() throws {
    guard buffer.readableBytes > 0 else { return }
    try wait(for: room)
    lock.lock()
    let over = isOver
    let failure = failure
    lock.unlock()
    if let failure { throw failure }
    if over { return }
    continuation.yield(buffer)
    buffer = Self.emptyChunk()
  }

  /// A chunk went to the server: room for the next.
  func sent() {
    room.signal()
  }

  /// The copy is over, with `error` if it failed: a waiting sender goes on.
  func end(_ error: (any Error)?) {
    lock.lock()
    guard !isOver else {
      lock.unlock()
      return
    }
    failure = error
    isOver = true
    lock.unlock()
    for _ in 0..<waiting { room.signal() }
    finished.signal()
  }
}
