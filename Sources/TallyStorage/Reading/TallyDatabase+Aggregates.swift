import GRDB
public import TallyCore

/// Sums up a project's readings over ranges of time, inside one read, so that a report sees
/// one consistent state of the database: from the rollups, days and quarters at a time (see
/// ``RollupPlan``), so that a report's cost follows its periods, not the readings stored.
final class RangeAggregator: StoredReadings {
  private let next: Statement
  private let db: Database
  private let project: Int64

  init(db: Database, project: ProjectID) throws {
    next = try db.cachedStatement(
      sql: "SELECT MIN(timestamp) FROM reading WHERE project_id = ? AND timestamp >= ?")
    self.db = db
    self.project = project.rawValue
  }

  /// The times of the project's first and last readings, if it has any.
  func span() throws -> ClosedRange<Timestamp>? {
    let row = try Row.fetchOne(
      db.cachedStatement(
        // Two look-ups at the ends of the index: SQLite reads MIN and MAX from the index's
        // ends only when each is alone in its query (together they scan every reading).
        sql: """
          SELECT (SELECT MIN(timestamp) FROM reading WHERE project_id = ?1),
            (SELECT MAX(timestamp) FROM reading WHERE project_id = ?1)
          """),
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

  func rows(for request: RollupRequest) throws -> RollupRows {
    var buckets: [RollupLevel: [BucketFigures]] = [:]
    for (level, runs) in request.runs {
      buckets[level] = try stored(level, runs)
    }
    return RollupRows(buckets: buckets, leaves: try request.leaves.map(leaf))
  }

  /// The stored buckets of `level` in `runs`, ascending.
  private func stored(_ level: RollupLevel, _ runs: [ClosedRange<Int64>]) throws -> [BucketFigures]
  {
    var buckets: [BucketFigures] = []
    try RawStatement(db, RollupSQL.stored(level)).using { statement in
      for run in runs {
        statement.bind(project, run.lowerBound, run.upperBound)
        while try statement.step() {
          buckets.append(
            BucketFigures(bucket: statement.int64(0), figures: RollupSQL.figures(statement)))
        }
      }
    }
    return buckets
  }

  /// The figures of the readings in `range`, added in time order.
  private func leaf(_ range: Range<Int64>) throws -> RangeFigures {
    var figures = RangeFigures.empty
    try RawStatement(db, RollupSQL.readingsInOrder).using { statement in
      statement.bind(project, range.lowerBound, range.upperBound)
      while try statement.step() { figures.add(statement.double(1)) }
    }
    return figures
  }

  func reading(_ side: ReadingOrder.Side, of key: ReadingOrder.Key) throws -> Reading? {
    try db.reading(of: ProjectID(rawValue: project), side, of: key, excluding: nil)
  }

  func readings(in ranges: [Range<Int64>]) throws -> [Reading] {
    var readings: [Reading] = []
    let statement = try db.cachedStatement(
      sql: """
        SELECT * FROM reading WHERE project_id = ? AND timestamp >= ? AND timestamp < ?
        ORDER BY timestamp, amount, id
        """)
    for range in ranges {
      readings += try ReadingRecord.fetchAll(
        statement, arguments: [project, range.lowerBound, range.upperBound]
      ).map(\.reading)
    }
    return readings
  }

  /// Down the (project, timestamp, amount) index in time order only, so that nothing is
  /// sorted but the readings of one instant: a page that ends inside an instant takes all
  /// of that instant's readings, which are then put in order by id.
  func readings(
    _ side: ReadingOrder.Side, of key: ReadingOrder.Key, limit: Int
  ) throws -> [Reading] {
    let order = side == .before ? "DESC" : "ASC"
    // The first page includes the key's own instant; the next ones start past the last.
    let pages = try [side == .before ? "<=" : ">=", side == .before ? "<" : ">"].map { test in
      try db.cachedStatement(
        sql: """
          SELECT * FROM reading WHERE project_id = ? AND timestamp \(test) ?
          ORDER BY timestamp \(order) LIMIT ?
          """)
    }
    let instant = try db.cachedStatement(
      sql: "SELECT * FROM reading WHERE project_id = ? AND timestamp = ?")
    let size = max(2, limit)
    var from = key.timestamp.microsecondsSince1970
    var page = pages[0]
    while true {
      var rows = try ReadingRecord.fetchAll(page, arguments: [project, from, size])
      guard let edge = rows.last?.timestamp else { return [] }
      if rows.count >= size {
        rows.removeAll { $0.timestamp == edge }
        rows += try ReadingRecord.fetchAll(instant, arguments: [project, edge])
      }
      let readings = rows.map(\.reading).filter {
        side == .before ? ReadingOrder.Key($0) < key : ReadingOrder.Key($0) > key
      }.sorted {
        side == .before
          ? ReadingOrder.Key($0) > ReadingOrder.Key($1)
          : ReadingOrder.Key($0) < ReadingOrder.Key($1)
      }
      if !readings.isEmpty { return readings }
      // Every reading fetched was at the key's own instant, on the other side of it.
      from = edge
      page = pages[1]
    }
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

  public func withAggregates(
    of projects: [ProjectID], _ body: (ProjectID, any RangeAggregates) throws -> Void
  ) throws(TallyError) {
    try read(doing: "read the readings") { db in
      for project in projects {
        try body(project, try RangeAggregator(db: db, project: project))
      }
    }
  }
}
