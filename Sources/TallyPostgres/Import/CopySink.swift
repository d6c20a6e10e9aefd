import Libpq
import TallyCore

/// Receives the rows of an import and streams them to the server with `COPY`, counting the
/// invalid ones: into the import's temporary table (``staging``), or for a project that holds
/// no readings straight into `reading` (``reading(project:batch:)``).
///
/// Straight into `reading`, rows go in runs sorted by time: no row is a duplicate of a stored
/// one, so they need no staging, and sorted, a run's rows land next to each other in the
/// (project, time) index, as SQLite's import inserts them; the server touches each index page
/// once per run rather than once per row (a million rows in the file's order took twice as
/// long). Ids follow the order the rows are sent in: in time order within a run, rows at the
/// same time in file order. Staged rows go as they come: the server sorts them there.
final class CopySink: ImportRowSink {
  /// Where the rows go and how each is written.
  struct Target {
    var table: String
    var columns: [String]
    /// How many rows are gathered and sorted by time before they are sent; 1 sends each as
    /// it comes.
    var rowsPerRun: Int
    var write: @Sendable (ImportedReading, inout CopyBuffer) -> Void

    /// The import's temporary table `import_row`, each row with its line.
    static let staging = Target(
      table: "import_row", columns: ["line", "amount", "timestamp", "note", "is_reset", "tags"],
      rowsPerRun: 1
    ) { row, buffer in
      CopyText.field(row.line, into: &buffer)
      CopyText.field(row.amount, into: &buffer)
      CopyText.field(row.timestamp.microsecondsSince1970, into: &buffer)
      CopyText.field(row.note, into: &buffer)
      CopyText.field(row.isReset, into: &buffer)
      CopyText.end(Tags.stored(row.tags), into: &buffer)
    }

    /// `reading`, as readings of `project` in `batch`.
    ///
    /// The id comes from the sequence; the reset mark is left unset (only a meter's readings
    /// carry it, and a meter's import is staged). Runs of 524,288 rows (about 40 MB in the
    /// client; a million rows took 6% longer in runs of 131,072, whose index pages the server
    /// visits once per run) are sorted.
    static func reading(project: ProjectID, batch: ImportBatchID) -> Target {
      let (projectID, batchID) = (project.rawValue, batch.rawValue)
      return Target(
        table: "reading",
        columns: ["project_id", "amount", "timestamp", "note", "batch_id", "tags"],
        rowsPerRun: 524_288
      ) { row, buffer in
        CopyText.field(projectID, into: &buffer)
        CopyText.field(row.amount, into: &buffer)
        CopyText.field(row.timestamp.microsecondsSince1970, into: &buffer)
        CopyText.field(row.note, into: &buffer)
        CopyText.field(batchID, into: &buffer)
        CopyText.end(Tags.stored(row.tags), into: &buffer)
      }
    }
  }

  private let target: Target
  private let feed: CopyFeed
  private var run: [ImportedReading] = []
  /// How many valid rows were sent.
  private(set) var sent = 0
  /// The latest time among them.
  private(set) var latest: Int64?
  /// The invalid rows.
  private(set) var invalid: InvalidRows

  /// Starts the copy into `target` on `session`.
  init(_ target: Target, on session: PostgresSession, keepsAllProblems: Bool) throws {
    self.target = target
    feed = try session.copy(into: target.table, columns: target.columns)
    invalid = InvalidRows(keepsAll: keepsAllProblems)
    if target.rowsPerRun > 1 { run.reserveCapacity(target.rowsPerRun) }
  }

  func add(_ row: ImportedReading) throws {
    if target.rowsPerRun == 1 {
      try send(row)
    } else {
      run.append(row)
      if run.count == target.rowsPerRun { try sendRun() }
    }
  }

  func reject(_ problem: RowProblem) {
    invalid.add(problem)
  }

  /// Feeds `rows` through the sink, sends what is left and waits for the server to take
  /// every row; the copy is given up if the rows fail to be read.
  ///
  /// - Returns: The SHA-256 of what was read.
  func copy(_ rows: ImportRows) throws -> String {
    let sha256: String
    do {
      sha256 = try rows.feed(self)
    } catch {
      feed.cancel()
      throw error
    }
    try sendRun()
    try feed.finish()
    return sha256
  }

  private func send(_ row: ImportedReading) throws {
    try feed.write { target.write(row, &$0) }
    sent += 1
    let time = row.timestamp.microsecondsSince1970
    if time > latest ?? .min { latest = time }
  }

  /// Sends the gathered rows in time order, rows at the same time in the order they came.
  private func sendRun() throws {
    guard !run.isEmpty else { return }
    // Sort (time, position) pairs rather than the rows themselves: moving two integers is
    // cheaper than moving a row with its note.
    var order = run.indices.map { (run[$0].timestamp.microsecondsSince1970, $0) }
    order.sort(by: <)
    for (_, index) in order {
      try send(run[index])
    }
    run.removeAll(keepingCapacity: true)
  }
}
