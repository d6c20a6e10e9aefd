import PostgresNIO
import TallyCore

/// Receives the rows of an import and streams them to the server with `COPY` into the
/// import's own temporary table, a megabyte at a time, counting the invalid ones.
///
/// Duplicates are found on the server afterwards, in one statement over the whole file.
final class PostgresImportSink: ImportRowSink {
  /// How many bytes of rows are gathered before they are sent.
  static let chunkSize = 1 << 20
  private let feed: CopyFeed
  private let keepsAllProblems: Bool
  private var buffer = ByteBuffer()
  /// How many valid rows were sent.
  private(set) var sent = 0
  /// How many rows were invalid.
  private(set) var invalidCount = 0
  /// The first few invalid rows, or all of them when they are to be listed.
  private(set) var problems: [RowProblem] = []

  init(feed: CopyFeed, keepsAllProblems: Bool) {
    self.feed = feed
    self.keepsAllProblems = keepsAllProblems
    buffer.reserveCapacity(Self.chunkSize + 4_096)
  }

  func add(_ row: ImportedReading) throws {
    CopyText.field(row.line, into: &buffer)
    CopyText.field(row.amount, into: &buffer)
    CopyText.field(row.timestamp.microsecondsSince1970, into: &buffer)
    CopyText.field(row.note, into: &buffer)
    CopyText.end(row.isReset, into: &buffer)
    sent += 1
    if buffer.readableBytes >= Self.chunkSize {
      try flush()
    }
  }

  func reject(_ problem: RowProblem) {
    invalidCount += 1
    if keepsAllProblems || problems.count < 5 { problems.append(problem) }
  }

  /// Sends what is left and waits for the server to take every row.
  func finish() throws {
    try flush()
    try feed.finish()
  }

  /// Gives up the copy, after the rows failed to be read.
  func cancel() {
    feed.cancel()
  }

  private func flush() throws {
    guard buffer.readableBytes > 0 else { return }
    try feed.send(buffer)
    buffer = ByteBuffer()
    buffer.reserveCapacity(Self.chunkSize + 4_096)
  }
}
