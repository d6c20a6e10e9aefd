import GRDB
import TallyCore

extension Database {
  /// Writes `change` to the tables: the one path by which stored data changes, whether for
  /// a new request, an undo or a redo.
  ///
  /// - Throws: A ``TallyError`` when a row the change expects is not there (the journal and
  ///   the tables disagree), or SQLite's error.
  func apply(_ change: Change) throws {
    switch change {
    case .insertProject(let project):
      try ProjectRecord(project).insert(self)
    case .updateProject(_, let after):
      try execute(
        sql: """
          UPDATE project SET title = ?, title_key = ?, units = ?, frequency = ?,
            created_at = ?, updated_at = ? WHERE id = ?
          """,
        arguments: [
          after.title, Project.titleKey(after.title), after.units, after.frequency.rawValue,
          after.createdAt.microsecondsSince1970, after.updatedAt.microsecondsSince1970,
          after.id.rawValue,
        ])
      try expectOneRow("project \(after.id)")
    case .deleteProject(let project):
      try execute(sql: "DELETE FROM project WHERE id = ?", arguments: [project.id.rawValue])
      try expectOneRow("project \(project.id)")
    case .insertReadings(let readings):
      let statement = try cachedStatement(
        sql: """
          INSERT INTO reading (id, project_id, amount, timestamp, note, batch_id)
          VALUES (?, ?, ?, ?, ?, ?)
          """)
      for reading in readings {
        try statement.execute(arguments: [
          reading.id.rawValue, reading.projectID.rawValue, reading.amount,
          reading.timestamp.microsecondsSince1970, reading.note, reading.batchID?.rawValue,
        ])
      }
    case .updateReading(_, let after):
      try execute(
        sql: """
          UPDATE reading SET project_id = ?, amount = ?, timestamp = ?, note = ?, batch_id = ?
          WHERE id = ?
          """,
        arguments: [
          after.projectID.rawValue, after.amount, after.timestamp.microsecondsSince1970,
          after.note, after.batchID?.rawValue, after.id.rawValue,
        ])
      try expectOneRow("reading \(after.id)")
    case .deleteReadings(let readings):
      let statement = try cachedStatement(sql: "DELETE FROM reading WHERE id = ?")
      for reading in readings {
        try statement.execute(arguments: [reading.id.rawValue])
        try expectOneRow("reading \(reading.id)")
      }
    case .startTimer(let timer):
      try TimerRecord(timer).insert(self)
    case .stopTimer(let timer):
      try execute(
        sql: "DELETE FROM timer WHERE project_id = ?", arguments: [timer.projectID.rawValue])
      try expectOneRow("the timer of project \(timer.projectID)")
    case .setAsideImport(let batch):
      try moveReadings(of: batch, from: "reading", to: "set_aside_reading", undone: true)
    case .restoreImport(let batch):
      try moveReadings(of: batch, from: "set_aside_reading", to: "reading", undone: false)
    case .batch(let changes):
      for change in changes {
        try apply(change)
      }
    }
  }

  /// Moves an import's readings between the readings and those set aside for a redo.
  private func moveReadings(
    of batch: ImportBatch, from source: String, to destination: String, undone: Bool
  ) throws {
    if let ids = batch.readingIDs {
      let columns = "id, project_id, amount, timestamp, note, batch_id"
      let match = "id BETWEEN ? AND ? AND batch_id = ?"
      let arguments: StatementArguments = [ids.lowerBound, ids.upperBound, batch.id.rawValue]
      try execute(
        sql:
          "INSERT INTO \(destination) (\(columns)) SELECT \(columns) FROM \(source) WHERE \(match)",
        arguments: arguments)
      try execute(sql: "DELETE FROM \(source) WHERE \(match)", arguments: arguments)
    }
    try execute(
      sql: "UPDATE import_batch SET undone = ? WHERE id = ?",
      arguments: [undone, batch.id.rawValue])
    try expectOneRow("import \(batch.id)")
  }

  /// Recomputes the reading count and latest reading time of `projects` that still exist.
  func refreshCounters(of projects: Set<ProjectID>) throws {
    let statement = try cachedStatement(
      sql: """
        UPDATE project SET
          reading_count = (SELECT COUNT(*) FROM reading WHERE project_id = project.id),
          last_reading_at = (SELECT MAX(timestamp) FROM reading WHERE project_id = project.id)
        WHERE id = ?
        """)
    for project in projects {
      try statement.execute(arguments: [project.rawValue])
    }
  }

  /// The id the next row of `table` will get: never one used before, even by a deleted row.
  func nextID(of table: String) throws -> Int64 {
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
