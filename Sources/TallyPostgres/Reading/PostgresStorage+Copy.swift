import Libpq
public import TallyCore

extension PostgresStorage: StorageCopying {
  /// Reads everything in one REPEATABLE READ snapshot: writers go on, and the copy sees none
  /// of what they commit meanwhile.
  public func withCopy<Result>(
    _ body: (StoredCopy) throws(TallyError) -> Result
  ) throws(TallyError) -> Result {
    try read(doing: "read the data to copy") { session in
      let projects = try session.rows(
        "SELECT \(unescaped: PostgresRows.projectColumns) FROM project ORDER BY id"
      ).map { try PostgresRows.summary($0).project }
      let timers = try Self.timers(session)
      let batches = try session.rows(
        "SELECT \(unescaped: PostgresRows.batchColumns) FROM import_batch ORDER BY id"
      ).map(PostgresRows.importBatch)
      var expected: [ProjectID: RangeFigures] = [:]
      for project in projects {
        expected[project.id] = RangeFigures(count: 0, sum: 0, min: nil, max: nil)
      }
      for row in try session.rows(
        "SELECT project_id, count(*)::BIGINT, SUM(amount) FROM reading GROUP BY project_id")
      {
        let (project, count, sum) = try row.decode((Int64, Int64, Double).self)
        expected[ProjectID(rawValue: project)] = RangeFigures(
          count: Int(count), sum: sum, min: nil, max: nil)
      }
      let copy = StoredCopy(
        projects: projects, timers: timers, batches: batches, expected: expected
      ) { add in
        var cursor = try PostgresCursor(
          session, name: "copying",
          for: "SELECT \(unescaped: PostgresRows.readingColumns) FROM reading ORDER BY id")
        while let row = try cursor.nextRow() { try add(try PostgresRows.reading(row)) }
      }
      return try body(copy)
    }
  }
}
