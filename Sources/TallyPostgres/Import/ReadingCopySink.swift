import PostgresNIO
import TallyCore

/// Receives the rows of an import into a project that holds no readings, and streams them with
/// `COPY` straight into `reading`, in runs sorted by time.
///
/// With nothing stored to compare with, no row is a duplicate, so the rows need no staging:
/// each is written once, by the server's bulk path. Sorted by time, a run's rows land next to
/// each other in the (project, time) index, as SQLite's import inserts them: the server touches
/// each index page once per run rather than once per row (a million rows in the file's order
/// took twice as long). Ids follow the order the rows are sent in: in time order within a run,
/// rows at the same time in file order.
final class ReadingCopySink: ImportRowSink {
  /// How many rows are gathered, sorted by time, before they are sent: about 10 MB.
  static let rowsPerRun = 131_072
  /// How many megabytes of sorted rows may wait for the server: about a run's, so that the
  /// file is read and sorted while the server takes the run before.
  static let chunksWaiting = 8
  /// The columns the copy fills; the id comes from the sequence, the mark is left unset (only
  /// a meter's readings carry it, and a meter's import is staged).
  static let columns = ["project_id", "amount", "timestamp", "note", "batch_id"]
  private let feed: CopyFeed
  private let projectID: Int64
  private let batchID: Int64
  private var run: [ImportedReading] = []
  /// How many valid rows were sent.
  private(set) var sent = 0
  /// The latest time among them.
  private(set) var latest: Int64?
  /// The invalid rows.
  private(set) var invalid: InvalidRows

  init(feed: CopyFeed, projectID: ProjectID, batchID: ImportBatchID, keepsAllProblems: Bool) {
    self.feed = feed
    self.projectID = projectID.rawValue
    self.batchID = batchID.rawValue
    invalid = InvalidRows(keepsAll: keepsAllProblems)
    run.reserveCapacity(Self.rowsPerRun)
  }

  func add(_ row: ImportedReading) throws {
    run.append(row)
    if run.count == Self.rowsPerRun {
      try sendRun()
    }
  }

  func reject(_ problem: RowProblem) {
    invalid.add(problem)
  }

  /// Sends what is left and waits for the server to take every row.
  func finish() throws {
    try sendRun()
    try feed.finish()
  }

  /// Gives up the copy, after the rows failed to be read.
  func cancel() {
    feed.cancel()
  }

  /// Sends the gathered rows in time order, rows at the same time in the order they came.
  private func sendRun() throws {
    guard !run.isEmpty else { return }
    // Sort (time, position) pairs rather than the rows themselves: moving two integers is
    // cheaper than moving a row with its note.
    var order = run.indices.map { (run[$0].timestamp.microsecondsSince1970, $0) }
    order.sort(by: <)
    for (_, index) in order {
      let row = run[index]
      try feed.write { buffer in
        CopyText.field(projectID, into: &buffer)
        CopyText.field(row.amount, into: &buffer)
        CopyText.field(row.timestamp.microsecondsSince1970, into: &buffer)
        CopyText.field(row.note, into: &buffer)
        CopyText.end(batchID, into: &buffer)
      }
    }
    sent += run.count
    if let last = order.last?.0 { latest = max(latest ?? last, last) }
    run.removeAll(keepingCapacity: true)
  }
}
