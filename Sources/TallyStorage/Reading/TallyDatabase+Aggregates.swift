import GRDB
public import TallyCore

/// Sums up a project's readings over ranges of time, inside one read, so that a report sees
/// one consistent state of the database.
final class RangeAggregator: RangeAggregates {
  private let statement: Statement
  private let next: Statement
  private let db: Database
  private let project: Int64

  fileprivate init(db: Database, project: ProjectID) throws {
    statement = try db.cachedStatement(
      sql: """
        SELECT COUNT(*), TOTAL(amount), MIN(amount), MAX(amount) FROM reading
        WHERE project_id = ? AND timestamp >= ? AND timestamp < ?
        """)
    next = try db.cachedStatement(
      sql: "SELECT MIN(timestamp) FROM reading WHERE project_id = ? AND timestamp >= ?")
    self.db = db
    self.project = project.rawValue
  }

  /// The times of the project's first and last readings, if it has any.
  func span() throws -> ClosedRange<Timestamp>? {
    let row = try Row.fetchOne(
      db.cachedStatement(
        sql: "SELECT MIN(timestamp), MAX(timestamp) FROM reading WHERE project_id = ?"),
      arguments: [project])
    guard let row, let first: Int64 = row[0], let last: Int64 = row[1] else { return nil }
    return Timestamp(microsecondsSince1970: first)...Timestamp(microsecondsSince1970: last)
  }

  /// The time of the project's first reading at or after `instant`, if any: one step down the
  /// (project, timestamp) index.
  func firstReading(atOrAfter instant: Timestamp) throws -> Timestamp? {
    try Int64.fetchOne(next, arguments: [project, instant.microsecondsSince1970])
      .map(Timestamp.init(microsecondsSince1970:))
  }

  /// Count, sum, min and max of the readings from `start` (inclusive) to `end` (exclusive).
  func aggregate(from start: Timestamp, to end: Timestamp) throws -> RangeFigures {
    let row = try Row.fetchOne(
      statement,
      arguments: [project, start.microsecondsSince1970, end.microsecondsSince1970])
    guard let row else { return RangeFigures(count: 0, sum: 0, min: nil, max: nil) }
    return RangeFigures(count: row[0], sum: row[1], min: row[2], max: row[3])
  }

  func reading(_ side: ReadingOrder.Side, of key: ReadingOrder.Key) throws -> Reading? {
    try db.reading(of: ProjectID(rawValue: project), side, of: key, excluding: nil)
  }

  /// The project's resets, through the partial index that holds only them.
  func resets() throws -> [Reading] {
    try ReadingRecord.fetchAll(
      db,
      sql: "SELECT * FROM reading WHERE project_id = ? AND is_reset ORDER BY timestamp, id",
      arguments: [project]
    ).map(\.reading)
  }
}

extension TallyDatabase {
  /// Runs `body` with an aggregator over `project`'s readings, in one read transaction.
  ///
  /// - Returns: What `body` returns.
  /// - Throws: ``TallyError`` when the database cannot be read, or what `body` throws.
  public func withAggregates<Result>(
    of project: ProjectID, _ body: (any RangeAggregates) throws -> Result
  ) throws(TallyError) -> Result {
    try read(doing: "read the readings") { db in
      try body(try RangeAggregator(db: db, project: project))
    }
  }
}
