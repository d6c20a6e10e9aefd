import Libpq
import TallyCore

/// The transaction of an import: it may run more than once (after a serialization failure),
/// each time from the start on a new snapshot.
///
/// Into a project that holds no readings (and is no meter), the rows stream with `COPY`
/// straight into `reading` for a role that sees past row-level security (PostgreSQL refuses
/// `COPY FROM` into a table whose policies bind the role); otherwise they are staged in
/// `import_row` first, where duplicates are found in one statement over the whole file, and
/// one `INSERT` that the policies check moves them in. Rows that can be read only once come
/// staged before the transaction, so that it can run again without them.
struct ImportTransaction {
  let session: PostgresSession
  let storage: PostgresStorage
  let job: ImportJob
  let at: Timestamp
  /// The rows staged before the transaction, or `nil` when the job's rows can be read again.
  let staged: StagedRows?

  /// Rows streamed into the temporary table `import_row`.
  struct StagedRows {
    var sink: CopySink
    var sha256: String
  }

  /// What the import did in its project: the outcome, and the changes for the journal (the
  /// caller records the changes of all the projects of a file as one entry).
  struct Done {
    var outcome: ImportOutcome
    var changes: [Change]
  }

  /// What went into `reading`, by whichever way.
  private struct Loaded {
    var imported = 0
    var duplicates = 0
    var firstDuplicates: [ImportedReading] = []
    var invalid: InvalidRows
    var sha256: String
    /// A range that holds the ids of the readings added, and perhaps others'.
    var readingIDs: ClosedRange<Int64>?
    var latest: Int64?
    /// The quarters of the readings added to a project that held some, as SQL with a column
    /// `quarter`.
    var quarters = ""

    /// What went in, as the shared script reads it.
    var rows: ImportScript.Loaded {
      var rows = ImportScript.Loaded(invalid: invalid, sha256: sha256)
      rows.imported = imported
      rows.duplicates = duplicates
      rows.firstDuplicates = firstDuplicates
      rows.readingIDs = readingIDs
      rows.latest = latest
      return rows
    }
  }

  func run() throws -> Done {
    let writer = PostgresWriter(session: session, storage: storage, zone: job.zone)
    let (project, creation) = try ImportScript.project(for: job, at: at, in: writer)
    let facts = writer.facts
    let projectIsEmpty = try facts.readingCount(of: project.id) == 0
    let batchID = ImportBatchID(rawValue: try facts.nextID(of: .importBatch))
    let loaded =
      if staged == nil, projectIsEmpty, project.kind != .meter, storage.bypassesPolicies {
        try copyStraightIn(project: project.id, batch: batchID)
      } else {
        try insertStaged(
          staged ?? storage.stageRows(job, on: session),
          project: project, batch: batchID, projectIsEmpty: projectIsEmpty)
      }
    try ImportScript.count(loaded.rows, into: project.id, in: writer)
    if loaded.imported > 0 {
      let rollups = PostgresRollups(session: session)
      if projectIsEmpty {
        // Its readings are the import's: one run from the first to the last.
        try rollups.refresh(project.id, quarters: try spanOfQuarters(project.id))
      } else {
        try rollups.refresh(project.id, quarters: loaded.quarters)
      }
    }
    let (outcome, changes) = try ImportScript.finish(
      job, into: project, creation: creation, batch: batchID, loaded: loaded.rows, at: at,
      in: writer
    ) { reading in
      try line(of: reading, skippingDuplicates: loaded.duplicates > 0)
    }
    return Done(outcome: outcome, changes: changes)
  }

  /// Streams the job's rows with `COPY` into `reading`, for a project that holds none.
  ///
  /// The project's row is locked first: a writer who adds to the project meanwhile waits for
  /// the import and then tries again (a reading is cheap to add again), instead of the import
  /// failing at its end over the counters both update and reading the whole file again.
  private func copyStraightIn(project: ProjectID, batch: ImportBatchID) throws -> Loaded {
    try session.rows("SELECT id FROM project WHERE id = \(project.rawValue) FOR UPDATE")
    let firstID = try firstReadingID()
    let sink = try CopySink(
      .reading(project: project, batch: batch), on: session, keepsAllProblems: job.skipInvalid)
    let sha256 = try sink.copy(job.rows)
    var loaded = Loaded(invalid: sink.invalid, sha256: sha256)
    guard sink.sent > 0 else { return loaded }
    try keepSortsInMemory(rows: sink.sent)
    loaded.imported = sink.sent
    loaded.latest = sink.latest
    loaded.readingIDs = try readingIDs(from: firstID)
    return loaded
  }

  /// The quarters from `project`'s first reading to its last, as one run (none without
  /// readings): two steps down the index.
  private func spanOfQuarters(_ project: ProjectID) throws -> [ClosedRange<Int64>] {
    guard
      let (first, last) = try session.row(
        """
        SELECT MIN(timestamp), MAX(timestamp) FROM reading WHERE project_id = \(project.rawValue)
        """, as: (Int64?, Int64?).self),
      let first, let last
    else { return [] }
    let quarter = RollupLevel.quarter
    return [quarter.bucket(of: first)...quarter.bucket(of: last)]
  }

  /// Where the import's ids start at the earliest.
  ///
  /// That is the id after the last one handed out, to anyone (sequences are not
  /// transactional). The view, unlike a read of the sequence itself
  /// in a SERIALIZABLE transaction, answers at once.
  private func firstReadingID() throws -> Int64 {
    let lastDrawn = try session.value(
      """
      SELECT last_value FROM pg_sequences
      WHERE schemaname = current_schema() AND sequencename = 'reading_id_seq'
      """, as: Int64.self)
    return (lastDrawn ?? 0) + 1
  }

  /// The ids of the rows the import added, from `firstID` to the last id this connection
  /// drew (the last row's), perhaps with others' between them.
  private func readingIDs(from firstID: Int64) throws -> ClosedRange<Int64>? {
    let lastID = try session.value("SELECT currval('reading_id_seq')", as: Int64.self)
    return lastID.map { min(firstID, $0)...$0 }
  }

  /// Lets the sorts of the insert and of the rollups' sums (by time, of a million rows) stay
  /// in memory instead of spilling to disk: about 128 bytes a row, 4 to 256 MB, for this
  /// transaction alone.
  private func keepSortsInMemory(rows: Int) throws {
    let kilobytes = min(256 << 10, max(4 << 10, rows / 8))
    try session.execute("SET LOCAL work_mem = '\(kilobytes)kB'")
  }

  /// Inserts the staged rows that are not duplicates into `reading`, in time order.
  private func insertStaged(
    _ staged: StagedRows, project: Project, batch batchID: ImportBatchID, projectIsEmpty: Bool
  ) throws -> Loaded {
    let invalid = staged.sink.invalid
    if let error = job.invalidRowsError(invalid) {
      throw error
    }
    var loaded = Loaded(invalid: invalid, sha256: staged.sha256)
    try keepSortsInMemory(rows: staged.sink.sent)
    let duplicates = projectIsEmpty ? 0 : try markDuplicates(of: project.id)
    loaded.duplicates = duplicates
    // Only a dry run reports them; a million duplicates took half a second to sort.
    loaded.firstDuplicates = duplicates == 0 || !job.dryRun ? [] : try self.firstDuplicates()
    guard duplicates < staged.sink.sent else { return loaded }
    let keep = duplicates == 0 ? "" : "WHERE " + Self.notDuplicate
    let firstID = try firstReadingID()
    // Ids in time order, rows at the same time in file order: as SQLite's import. (Counting
    // what went in from the statement's own rows, with RETURNING, took a quarter of its time:
    // the count is what was staged less the duplicates, the ids are the sequence's.)
    try session.rows(
      """
      INSERT INTO reading (project_id, amount, timestamp, note, batch_id, is_reset, tags)
      SELECT \(project.id.rawValue), amount, timestamp, note, \(batchID.rawValue),
        is_reset AND \(project.kind == .meter), tags
      FROM import_row r \(unescaped: keep)
      ORDER BY timestamp, line
      """)
    loaded.imported = staged.sink.sent - duplicates
    loaded.quarters = """
      SELECT DISTINCT \(PostgresRollups.quarterOfTimestamp) AS quarter FROM import_row r \(keep)
      """
    // The latest staged time, duplicates among them: a duplicate is at a time already stored.
    loaded.latest = staged.sink.latest
    loaded.readingIDs = try readingIDs(from: firstID)
    return loaded
  }

  /// Refuses readings of a meter that fall without a reset, naming the file's line.
  private func checkMeter(
    _ project: Project, batch batchID: ImportBatchID, skippingDuplicates: Bool,
    _ facts: PostgresFacts
  ) throws {
    guard let fall = try facts.firstFall(of: project.id) else { return }
    var lines: [ReadingID: Int] = [:]
    for reading in [fall.previous, fall.reading] where reading.batchID == batchID {
      lines[reading.id] = try line(of: reading, skippingDuplicates: skippingDuplicates)
    }
    throw MeterRule.importError(fall, in: project, zone: job.zone) { lines[$0.id] }
  }

  /// Finds the staged rows that are already stored, into `import_duplicate`: the n-th
  /// identical row of the file is a duplicate when the project held at least n identical
  /// readings before the import.
  ///
  /// - Returns: How many there are.
  private func markDuplicates(of project: ProjectID) throws -> Int {
    // Notes compare as (text, is-null) pairs, so that the server may hash the join.
    try session.execute("DROP TABLE IF EXISTS import_duplicate")
    try session.rows(
      """
      CREATE TEMPORARY TABLE import_duplicate ON COMMIT DROP AS
      SELECT n.line FROM (
        SELECT line, timestamp, amount, COALESCE(note, '') AS note_text, note IS NULL AS no_note,
          row_number() OVER (PARTITION BY timestamp, amount, note ORDER BY line) AS rank
        FROM import_row
      ) n JOIN (
        SELECT timestamp, amount, COALESCE(note, '') AS note_text, note IS NULL AS no_note,
          count(*) AS stored
        FROM reading WHERE project_id = \(project.rawValue)
        GROUP BY timestamp, amount, note
      ) s ON s.timestamp = n.timestamp AND s.amount = n.amount AND s.note_text = n.note_text
        AND s.no_note = n.no_note
      WHERE n.rank <= s.stored
      """)
    return Int(
      try session.value("SELECT count(*)::BIGINT FROM import_duplicate", as: Int64.self) ?? 0)
  }

  /// The first five duplicates, in file order, for a dry run's report.
  private func firstDuplicates() throws -> [ImportedReading] {
    try session.rows(
      """
      SELECT r.line, r.timestamp, r.amount, r.note, r.is_reset, r.tags
      FROM import_row r JOIN import_duplicate d ON d.line = r.line
      ORDER BY r.line LIMIT 5
      """
    ).map { row in
      let (line, timestamp, amount, note, isReset, tags) = try row.decode(
        (Int64, Int64, Double, String?, Bool, String?).self)
      return ImportedReading(
        line: Int(line), timestamp: Timestamp(microsecondsSince1970: timestamp), amount: amount,
        note: note, isReset: isReset, tags: Tags.read(tags))
    }
  }

  /// The condition on a staged row `r` that it is not among the duplicates.
  private static let notDuplicate =
    "NOT EXISTS (SELECT 1 FROM import_duplicate d WHERE d.line = r.line)"

  /// The file line of an imported reading: the first staged row with its values.
  private func line(of reading: Reading, skippingDuplicates: Bool) throws -> Int? {
    let keep = skippingDuplicates ? "AND " + Self.notDuplicate : ""
    return try session.value(
      """
      SELECT MIN(line) FROM import_row r
      WHERE timestamp = \(reading.timestamp.microsecondsSince1970) AND amount = \(reading.amount)
        AND note IS NOT DISTINCT FROM \(reading.note) \(unescaped: keep)
      """, as: Int64.self
    ).map(Int.init)
  }
}
