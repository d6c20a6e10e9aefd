import Foundation
import GRDB
import TallyCore

/// tally's SQLite tables inside one write transaction, as the ``WriteScript`` changes them:
/// SQLite's statements for each step, nothing more.
struct SQLiteTables: ImportTables {
  let db: Database
  let facts: SQLiteFacts

  init(_ db: Database, zone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
    self.db = db
    facts = SQLiteFacts(db: db, zone: zone)
  }

  func insertProject(_ project: Project) throws {
    try ProjectRecord(project).insert(db)
  }

  func updateProject(_ before: Project, to after: Project) throws {
    try db.execute(
      sql: """
        UPDATE project SET title = ?, title_key = ?, units = ?, frequency = ?, kind = ?,
          decimals = ?, goals = ?, group_name = ?, created_at = ?, updated_at = ? WHERE id = ?
        """,
      arguments: [
        after.title, Project.titleKey(after.title), after.units, after.frequency.rawValue,
        after.kind.rawValue, after.decimals, try after.storedGoalsJSON, after.group,
        after.createdAt.microsecondsSince1970, after.updatedAt.microsecondsSince1970,
        after.id.rawValue,
      ])
    try expectOneRow("project \(after.id)")
  }

  func deleteProject(_ project: Project) throws {
    try db.execute(sql: "DELETE FROM project WHERE id = ?", arguments: [project.id.rawValue])
    try expectOneRow("project \(project.id)")
  }

  func insertReadings(_ readings: [Reading]) throws {
    let statement = try db.cachedStatement(sql: ReadingRecord.insertSQL())
    for reading in readings {
      try statement.execute(
        arguments: StatementArguments([reading.id.rawValue] + ReadingRecord.values(of: reading)))
    }
  }

  func updateReading(_ before: Reading, to after: Reading) throws {
    try db.execute(
      sql: ReadingRecord.updateSQL,
      arguments: StatementArguments(ReadingRecord.values(of: after) + [after.id.rawValue]))
    try expectOneRow("reading \(after.id)")
  }

  func deleteReadings(_ readings: [Reading]) throws {
    let statement = try db.cachedStatement(sql: "DELETE FROM reading WHERE id = ?")
    for reading in readings {
      try statement.execute(arguments: [reading.id.rawValue])
      try expectOneRow("reading \(reading.id)")
    }
  }

  func startTimer(_ timer: RunningTimer) throws {
    try TimerRecord(timer).insert(db)
  }

  func stopTimer(_ timer: RunningTimer) throws {
    try db.execute(
      sql: "DELETE FROM timer WHERE project_id = ?", arguments: [timer.projectID.rawValue])
    try expectOneRow("the timer of project \(timer.projectID)")
  }

  func setAsideImport(_ batch: ImportBatch) throws -> Int {
    guard let ids = batch.readingIDs else { return 0 }
    return try setAside(
      "id BETWEEN ? AND ? AND batch_id = ?", [ids.lowerBound, ids.upperBound, batch.id.rawValue],
      heldFor: Change.setAsideLabel(of: batch), expected: batch.imported)
  }

  func setAsideReadings(of project: ProjectID) throws -> Int {
    try setAside(
      "project_id = ?", [project.rawValue], heldFor: Change.setAsideLabel(of: project),
      expected: try facts.readingCount(of: project))
  }

  /// Moves the readings that `condition` picks into the set-aside table, labelled `heldFor`.
  ///
  /// Many readings are copied in one scan of the table (`NOT INDEXED`: through the index they
  /// come in time order, scattered over the table) and deleted with the index suspended.
  private func setAside(
    _ condition: String, _ arguments: StatementArguments, heldFor key: String, expected: Int
  ) throws -> Int {
    let columns = ReadingRecord.columns()
    let bulk = try db.isBulk(expected)
    let source = bulk ? "reading NOT INDEXED" : "reading"
    try db.execute(
      sql: """
        INSERT INTO set_aside_reading (\(columns), held_for)
        SELECT \(columns), ? FROM \(source) WHERE \(condition)
        """,
      arguments: [key] + arguments)
    return try db.withReadingIndex(suspended: bulk) {
      try db.execute(sql: "DELETE FROM \(source) WHERE \(condition)", arguments: arguments)
      return db.changesCount
    }
  }

  func setAsideSpan(
    heldFor label: String, of project: ProjectID, batch: ImportBatchID?
  ) throws -> ClosedRange<Timestamp>? {
    let span = try Row.fetchOne(
      db,
      sql: "SELECT MIN(timestamp), MAX(timestamp) FROM set_aside_reading WHERE \(Self.held)",
      arguments: Self.held(label, project, batch))
    guard let span, let first: Int64 = span[0], let last: Int64 = span[1] else { return nil }
    return Timestamp(microsecondsSince1970: first)...Timestamp(microsecondsSince1970: last)
  }

  func restore(heldFor key: String, of project: ProjectID, batch: ImportBatchID?) throws -> Int {
    let columns = ReadingRecord.columns()
    let arguments = Self.held(key, project, batch)
    let count =
      try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM set_aside_reading WHERE \(Self.held)",
        arguments: arguments) ?? 0
    try db.withReadingIndex(suspended: try db.isBulk(count)) {
      try db.execute(
        sql: """
          INSERT INTO reading (\(columns))
          SELECT \(columns) FROM set_aside_reading WHERE \(Self.held) ORDER BY id
          """,
        arguments: arguments)
    }
    try db.execute(sql: "DELETE FROM set_aside_reading WHERE \(Self.held)", arguments: arguments)
    return db.changesCount
  }

  /// The set-aside rows tally put aside under a label: of the project, and of the import.
  private static let held = "held_for = ?1 AND project_id = ?2 AND (?3 IS NULL OR batch_id = ?3)"

  private static func held(
    _ label: String, _ project: ProjectID, _ batch: ImportBatchID?
  ) -> StatementArguments {
    [label, project.rawValue, batch?.rawValue]
  }

  func markImport(_ batch: ImportBatch, undone: Bool) throws {
    try db.execute(
      sql: "UPDATE import_batch SET undone = ? WHERE id = ?",
      arguments: [undone, batch.id.rawValue])
    try expectOneRow("import \(batch.id)")
  }

  /// Moves the reading counts by what was added or taken out; the latest reading time moves
  /// up to a newer reading added, and is read again (one step down the (project, timestamp)
  /// index) only after a reading was taken out or moved: no write recounts a project's
  /// readings, however many it has.
  func updateCounters(_ counters: CounterChanges) throws {
    let recount = try db.cachedStatement(
      sql: """
        UPDATE project SET reading_count = reading_count + ?,
          last_reading_at = (SELECT MAX(timestamp) FROM reading WHERE project_id = project.id)
        WHERE id = ?
        """)
    let moveUp = try db.cachedStatement(
      sql: """
        UPDATE project SET reading_count = reading_count + ?1,
          last_reading_at = MAX(COALESCE(last_reading_at, ?2), ?2)
        WHERE id = ?3
        """)
    for project in counters.projects {
      let added = counters.added[project, default: 0]
      if counters.recount.contains(project) {
        try recount.execute(arguments: [added, project.rawValue])
      } else if let latest = counters.latest[project] {
        try moveUp.execute(arguments: [added, latest, project.rawValue])
      }
    }
  }

  func refreshRollups(_ stale: StaleRollups) throws {
    try db.refreshRollups(stale)
  }

  func lastDone() throws -> JournalRecord? { try db.lastDone() }
  func nextUndone() throws -> JournalRecord? { try db.nextUndone() }
  func markUndone(_ entry: JournalRecord, _ undone: Bool) throws {
    try db.markUndone(entry, undone)
  }

  func record(_ change: Change, description: String, at: Timestamp) throws -> Int64? {
    try db.record(change, description: description, at: at)
    return nil
  }

  func appendHistory(
    _ change: Change, _ action: HistoryEvent.Action, description: String, at: Timestamp
  ) throws {
    try db.appendHistory(change, action, description: description, at: at)
  }

  func insertBatch(_ batch: ImportBatch) throws {
    try ImportBatchRecord(batch).insert(db)
  }

  private func expectOneRow(_ what: String) throws {
    guard db.changesCount == 1 else {
      throw TallyError(
        .storage, "\(what) is not as the journal expects; nothing was changed",
        hint: "Another program may have edited the database.")
    }
  }
}

extension JournalRecord: JournalledChange {
  func storedChange() throws -> Change { try decodedChange() }
}
