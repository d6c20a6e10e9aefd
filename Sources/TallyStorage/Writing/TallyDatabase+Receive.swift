import Foundation
import GRDB
public import TallyCore

extension TallyDatabase: StorageReceiving {
  public func receive(_ copy: StoredCopy) throws(TallyError) {
    let projects = copy.projects
    try write(doing: "copy the data in") { db in
      let held = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM project") ?? 0
      guard held == 0 else {
        throw TallyError(
          .conflict,
          "\(path) already holds \(held) projects; a restore or a migration copies only into an "
            + "empty database",
          hint: "Name a new file with --db, or a new database on the server.")
      }
      for project in projects {
        try ProjectRecord(project).insert(db)
      }
      for batch in copy.batches {
        try ImportBatchRecord(batch).insert(db)
      }
      let insert = try db.cachedStatement(sql: ReadingRecord.insertSQL())
      try copy.forEachReading { reading in
        try ChangeRules.checkCopied(reading)
        try insert.execute(
          arguments: StatementArguments([reading.id.rawValue] + ReadingRecord.values(of: reading)))
      }
      for timer in copy.timers {
        try TimerRecord(timer).insert(db)
      }
      // The copy brings no history: looking back reaches only to now.
      try db.markHistoryBegun(at: Timestamp(Date()))
      try db.execute(
        sql: """
          UPDATE project SET
            reading_count = (SELECT COUNT(*) FROM reading WHERE project_id = project.id),
            last_reading_at = (SELECT MAX(timestamp) FROM reading WHERE project_id = project.id)
          """)
      try db.rebuildAllRollups()
      let rows = try Row.fetchAll(
        db, sql: "SELECT project_id, COUNT(*), TOTAL(amount) FROM reading GROUP BY project_id")
      var stored: [ProjectID: RangeFigures] = [:]
      for row in rows {
        stored[ProjectID(rawValue: row[0])] = RangeFigures(
          count: row[1], sum: row[2], min: nil, max: nil)
      }
      try MigrationCheck.compare(copy.expected, stored, projects: projects, target: path)
      try ChangeRules.checkCopied(projects, in: SQLiteFacts(db: db))
    }
  }
}
