import GRDB
import TallyCore

extension Database {
  /// Writes `change` to the tables, brings the reading counters of the projects it touches
  /// up to date and checks ``ChangeRules`` on what it wrote: the one path by which stored data
  /// changes, whether for a new request, an undo or a redo.
  ///
  /// - Throws: A ``TallyError`` when a row the change expects is not there (the journal and
  ///   the tables disagree), ``RuleBroken`` when the rows written break a rule, or SQLite's
  ///   error. The transaction is then rolled back.
  func applyKeepingCounters(_ change: Change) throws {
    var added: [ProjectID: Int] = [:]
    var stale = StaleRollups()
    try apply(change, counting: &added, stale: &stale)
    try updateCounters(of: change.projectIDs, adding: added)
    try refreshRollups(stale)
    try ChangeRules.check(change, in: SQLiteFacts(db: self))
  }

  /// Writes `change` to the tables, adding to `added` how many readings each project gained
  /// (or, negative, lost) and to `stale` the times of the readings it wrote.
  private func apply(
    _ change: Change, counting added: inout [ProjectID: Int], stale: inout StaleRollups
  ) throws {
    switch change {
    case .insertProject(let project):
      try ProjectRecord(project).insert(self)
    case .updateProject(_, let after):
      try execute(
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
    case .deleteProject(let project):
      try execute(sql: "DELETE FROM project WHERE id = ?", arguments: [project.id.rawValue])
      try expectOneRow("project \(project.id)")
      stale.clear(project.id)
    case .insertReadings(let readings):
      let statement = try cachedStatement(sql: ReadingRecord.insertSQL())
      for reading in readings {
        try statement.execute(
          arguments: StatementArguments([reading.id.rawValue] + ReadingRecord.values(of: reading)))
        added[reading.projectID, default: 0] += 1
        stale.note(reading.projectID, at: reading.timestamp)
      }
    case .updateReading(let before, let after):
      try execute(
        sql: ReadingRecord.updateSQL,
        arguments: StatementArguments(ReadingRecord.values(of: after) + [after.id.rawValue]))
      try expectOneRow("reading \(after.id)")
      stale.note(before.projectID, at: before.timestamp)
      stale.note(after.projectID, at: after.timestamp)
      if before.projectID != after.projectID {
        added[before.projectID, default: 0] -= 1
        added[after.projectID, default: 0] += 1
      }
    case .deleteReadings(let readings):
      let statement = try cachedStatement(sql: "DELETE FROM reading WHERE id = ?")
      for reading in readings {
        try statement.execute(arguments: [reading.id.rawValue])
        try expectOneRow("reading \(reading.id)")
        added[reading.projectID, default: 0] -= 1
        stale.note(reading.projectID, at: reading.timestamp)
      }
    case .startTimer(let timer):
      try TimerRecord(timer).insert(self)
    case .stopTimer(let timer):
      try execute(
        sql: "DELETE FROM timer WHERE project_id = ?", arguments: [timer.projectID.rawValue])
      try expectOneRow("the timer of project \(timer.projectID)")
    case .setAsideImport(let batch):
      if let ids = batch.readingIDs {
        added[batch.projectID, default: 0] -= try setAside(
          "id BETWEEN ? AND ? AND batch_id = ?",
          [ids.lowerBound, ids.upperBound, batch.id.rawValue],
          heldFor: Change.setAsideLabel(of: batch),
          expected: batch.imported)
        try noteSetAside(Change.setAsideLabel(of: batch), of: batch.projectID, in: &stale)
      }
      try markImport(batch, undone: true)
    case .restoreImport(let batch):
      try noteSetAside(Change.setAsideLabel(of: batch), of: batch.projectID, in: &stale)
      added[batch.projectID, default: 0] += try restore(heldFor: Change.setAsideLabel(of: batch))
      try markImport(batch, undone: false)
    case .setAsideReadings(let project):
      added[project, default: 0] -= try setAside(
        "project_id = ?", [project.rawValue], heldFor: Change.setAsideLabel(of: project),
        expected: try projectRecord(project).readingCount)
      stale.clear(project)
    case .restoreReadings(let project):
      try noteSetAside(Change.setAsideLabel(of: project), of: project, in: &stale)
      added[project, default: 0] += try restore(heldFor: Change.setAsideLabel(of: project))
    case .batch(let changes):
      for change in changes {
        try apply(change, counting: &added, stale: &stale)
      }
    }
  }

  /// Moves the readings that `condition` picks into the set-aside table, labelled `heldFor`.
  ///
  /// - Returns: How many readings moved.
  ///
  /// Many readings are copied in one scan of the table (`NOT INDEXED`: through the index they
  /// come in time order, scattered over the table) and deleted with the index suspended.
  private func setAside(
    _ condition: String, _ arguments: StatementArguments, heldFor key: String, expected: Int
  ) throws -> Int {
    let columns = ReadingRecord.columns()
    let bulk = try isBulk(expected)
    let source = bulk ? "reading NOT INDEXED" : "reading"
    try execute(
      sql: """
        INSERT INTO set_aside_reading (\(columns), held_for)
        SELECT \(columns), ? FROM \(source) WHERE \(condition)
        """,
      arguments: [key] + arguments)
    return try withReadingIndex(suspended: bulk) {
      try execute(sql: "DELETE FROM \(source) WHERE \(condition)", arguments: arguments)
      return changesCount
    }
  }

  /// Notes the times of the readings set aside as `heldFor`, which belong to `project`.
  private func noteSetAside(
    _ heldFor: String, of project: ProjectID, in stale: inout StaleRollups
  ) throws {
    let span = try Row.fetchOne(
      self,
      sql: "SELECT MIN(timestamp), MAX(timestamp) FROM set_aside_reading WHERE held_for = ?",
      arguments: [heldFor])
    guard let span, let first: Int64 = span[0], let last: Int64 = span[1] else { return }
    stale.note(
      project, from: Timestamp(microsecondsSince1970: first),
      to: Timestamp(microsecondsSince1970: last))
  }

  /// Moves the readings set aside as `heldFor` back into the readings.
  ///
  /// - Returns: How many readings moved.
  private func restore(heldFor key: String) throws -> Int {
    let columns = ReadingRecord.columns()
    let count =
      try Int.fetchOne(
        self, sql: "SELECT COUNT(*) FROM set_aside_reading WHERE held_for = ?", arguments: [key])
      ?? 0
    try withReadingIndex(suspended: try isBulk(count)) {
      try execute(
        sql: """
          INSERT INTO reading (\(columns))
          SELECT \(columns) FROM set_aside_reading WHERE held_for = ? ORDER BY id
          """,
        arguments: [key])
    }
    try execute(sql: "DELETE FROM set_aside_reading WHERE held_for = ?", arguments: [key])
    return changesCount
  }

  private func markImport(_ batch: ImportBatch, undone: Bool) throws {
    try execute(
      sql: "UPDATE import_batch SET undone = ? WHERE id = ?",
      arguments: [undone, batch.id.rawValue])
    try expectOneRow("import \(batch.id)")
  }

  /// Adds to the reading counts of `projects` that still exist what `added` says they gained,
  /// and reads their latest reading time again (one step down the (project, timestamp) index):
  /// no write recounts a project's readings, however many it has.
  func updateCounters(of projects: Set<ProjectID>, adding added: [ProjectID: Int]) throws {
    let statement = try cachedStatement(
      sql: """
        UPDATE project SET
          reading_count = reading_count + ?,
          last_reading_at = (SELECT MAX(timestamp) FROM reading WHERE project_id = project.id)
        WHERE id = ?
        """)
    for project in projects.union(added.keys) {
      try statement.execute(arguments: [added[project, default: 0], project.rawValue])
    }
  }

  /// The id the next row of `kind` will get: never one used before, even by a deleted row.
  func nextID(of kind: NewRowKind) throws -> Int64 {
    let table = kind.rawValue
    let used = try Int64.fetchOne(
      self,
      sql: """
        SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = ?), 0),
                   COALESCE((SELECT MAX(id) FROM \(table)), 0))
        """, arguments: [table])
    return (used ?? 0) + 1
  }

  private func expectOneRow(_ what: String) throws {
    guard changesCount == 1 else {
      throw TallyError(
        .storage, "\(what) is not as the journal expects; nothing was changed",
        hint: "Another program may have edited the database.")
    }
  }
}
