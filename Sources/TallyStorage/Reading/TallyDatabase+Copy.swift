import GRDB
public import TallyCore

extension TallyDatabase: StorageCopying {
  /// Reads everything in one read transaction: in WAL mode, a snapshot that other processes'
  /// commits leave as it is, without holding them up.
  public func withCopy<Result>(
    _ body: (StoredCopy) throws(TallyError) -> Result
  ) throws(TallyError) -> Result {
    try read(doing: "read the data to copy") { db in
      let projects = try ProjectRecord.order(ProjectRecord.Columns.id).fetchAll(db).map {
        try $0.project()
      }
      let timers = try TimerRecord.order(TimerRecord.Columns.projectID).fetchAll(db).map(\.timer)
      let batches = try ImportBatchRecord.order(ImportBatchRecord.Columns.id).fetchAll(db).map {
        try $0.batch
      }
      var expected: [ProjectID: RangeFigures] = [:]
      for project in projects {
        expected[project.id] = RangeFigures(count: 0, sum: 0, min: nil, max: nil)
      }
      let rows = try Row.fetchAll(
        db, sql: "SELECT project_id, COUNT(*), TOTAL(amount) FROM reading GROUP BY project_id")
      for row in rows {
        expected[ProjectID(rawValue: row[0])] = RangeFigures(
          count: row[1], sum: row[2], min: nil, max: nil)
      }
      let copy = StoredCopy(
        projects: projects, timers: timers, batches: batches, expected: expected
      ) { add in
        let cursor = try ReadingRecord.order(ReadingRecord.Columns.id).fetchCursor(db)
        while let record = try cursor.next() { try add(record.reading) }
      }
      return try body(copy)
    }
  }
}
