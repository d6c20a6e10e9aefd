import PostgresNIO
import TallyCore

/// Receives the rows of an import and streams them to the server with `COPY` into the
/// import's own temporary table, counting the invalid ones.
///
/// Duplicates are found on the server afterwards, in one statement over the whole file.
final class PostgresImportSink: ImportRowSink {
  private let feed: CopyFeed
  /// How many valid rows were sent.
  private(set) var sent = 0
  /// The invalid rows.
  private(set) var invalid: InvalidRows

  init(feed: CopyFeed, keepsAllProblems: Bool) {
    self.feed = feed
    invalid = InvalidRows(keepsAll: keepsAllProblems)
  }

  func add(_ row: ImportedReading) throws {
    try feed.write { buffer in
      CopyText.field(row.line, into: &buffer)
      CopyText.field(row.amount, into: &buffer)
      CopyText.field(row.timestamp.microsecondsSince1970, into: &buffer)
      CopyText.field(row.note, into: &buffer)
      CopyText.end(row.isReset, into: &buffer)
    }
    sent += 1
  }

  func reject(_ problem: RowProblem) {
    invalid.add(problem)
  }

  /// Sends what is left and waits for the server to take every row.
  func finish() throws {
    try feed.finish()
  }

  /// Gives up the copy, after the rows failed to be read.
  func cancel() {
    feed.cancel()
  }
}
