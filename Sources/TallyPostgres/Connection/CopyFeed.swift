import Libpq

/// The rows of a `COPY … FROM STDIN` on their way to the server, gathered into chunks of about
/// a megabyte, each sent as it fills.
final class CopyFeed {
  /// How many bytes a chunk gathers before it is sent.
  static let chunkSize = 1 << 20
  private let copy: PGCopyIn
  private let answerWithin: Double
  private var buffer = CopyBuffer()
  private var isOver = false

  init(_ copy: PGCopyIn, answerWithin: Double) {
    self.copy = copy
    self.answerWithin = answerWithin
    buffer.bytes.reserveCapacity(Self.chunkSize + 4_096)
  }

  /// Adds a row, written by `row` in the copy's text format; a full chunk is sent.
  func write(_ row: (inout CopyBuffer) -> Void) throws {
    row(&buffer)
    if buffer.bytes.count >= Self.chunkSize { try send() }
  }

  /// Sends what is left and waits for the server to take every row.
  func finish() throws {
    try send()
    isOver = true
    do {
      try copy.finish(within: answerWithin)
    } catch {
      guard error.kind == .timedOut else { throw error }
      throw NoAnswer(seconds: answerWithin)
    }
  }

  /// Gives the copy up: the server keeps none of its rows.
  func cancel() {
    guard !isOver else { return }
    isOver = true
    try? copy.fail("the rows could not be read", within: answerWithin)
  }

  private func send() throws {
    guard !buffer.bytes.isEmpty else { return }
    try copy.write(buffer.bytes)
    buffer.bytes.removeAll(keepingCapacity: true)
  }
}

/// Bytes of rows in the copy's text format.
struct CopyBuffer {
  var bytes: [UInt8] = []

  mutating func writeString(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }
}
