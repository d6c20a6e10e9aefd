import Libpq
public import TallyCore

/// Sums up a project's readings over ranges of time on the server, inside one snapshot, so
/// that a report sees one state of the data: from the rollups, days and quarters at a time.
final class PostgresAggregates: StoredReadings {
  private let facts: PostgresFacts
  private let project: Int64

  init(_ session: PostgresSession, project: ProjectID) {
    facts = PostgresFacts(session)
    self.project = project.rawValue
  }

  func span() throws -> ClosedRange<Timestamp>? {
    guard
      let (first, last) = try facts.session.row(
        "SELECT MIN(timestamp), MAX(timestamp) FROM reading WHERE project_id = \(project)",
        as: (Int64?, Int64?).self),
      let first, let last
    else { return nil }
    return Timestamp(microsecondsSince1970: first)...Timestamp(microsecondsSince1970: last)
  }

  func firstReading(atOrAfter instant: Timestamp) throws -> Timestamp? {
    try facts.session.value(
      """
      SELECT MIN(timestamp) FROM reading
      WHERE project_id = \(project) AND timestamp >= \(instant.microsecondsSince1970)
      """, as: Int64.self
    ).map(Timestamp.init(microsecondsSince1970:))
  }

  /// The stored buckets and leaves of `request`, in one statement: one round trip, and the
  /// server plans (and checks the person's access) once, not once per period.
  func rows(for request: RollupRequest) throws -> RollupRows {
    let levels = RollupLevel.allCases
    var query = PostgresQuery(unsafeSQL: "")
    for (kind, level) in levels.enumerated() {
      let runs = request.runs[level] ?? []
      let (table, column) = PostgresRollups.table(level)
      query.sql += """
        SELECT \(kind), b.\(column), b.count, b.total, b.smallest, b.largest
        FROM unnest($\(query.binds.count + 1)::BIGINT[], $\(query.binds.count + 2)::BIGINT[])
          AS r (low, high)
        JOIN \(table) b ON b.project_id = \(project) AND b.\(column) BETWEEN r.low AND r.high
        UNION ALL

        """
      query.binds.append(runs.map(\.lowerBound))
      query.binds.append(runs.map(\.upperBound))
    }
    // The leaves, numbered from 1, summed from the readings as a quarter's are.
    query.sql += """
      SELECT \(levels.count), r.i, x.count, x.total, x.smallest, x.largest
      FROM unnest($\(query.binds.count + 1)::BIGINT[], $\(query.binds.count + 2)::BIGINT[])
        WITH ORDINALITY AS r (s, e, i)
      CROSS JOIN LATERAL (
        SELECT count(*)::BIGINT AS count, sum(amount ORDER BY timestamp, amount, id) AS total,
          min(amount) AS smallest, max(amount) AS largest
        FROM reading WHERE project_id = \(project) AND timestamp >= r.s AND timestamp < r.e
      ) x
      ORDER BY 1, 2
      """
    query.binds.append(request.leaves.map(\.lowerBound))
    query.binds.append(request.leaves.map(\.upperBound))
    var answer = RollupRows(
      buckets: [:], leaves: Array(repeating: .empty, count: request.leaves.count))
    for row in try facts.session.rows(query) {
      let (kind, bucket, count, total, smallest, largest) = try row.decode(
        (Int32, Int64, Int64, Double?, Double?, Double?).self)
      let figures = RangeFigures(count: Int(count), sum: total ?? 0, min: smallest, max: largest)
      if Int(kind) < levels.count {
        answer.buckets[levels[Int(kind)], default: []].append(
          BucketFigures(bucket: bucket, figures: figures))
      } else {
        answer.leaves[Int(bucket) - 1] = figures
      }
    }
    return answer
  }

  func reading(_ side: ReadingOrder.Side, of key: ReadingOrder.Key) throws -> Reading? {
    try facts.reading(of: ProjectID(rawValue: project), side, of: key, excluding: nil)
  }

  func readings(in ranges: [Range<Int64>]) throws -> [Reading] {
    guard !ranges.isEmpty else { return [] }
    return try facts.session.rows(
      """
      SELECT \(unescaped: PostgresRows.readingColumns) FROM (
        SELECT r.*, w.i FROM unnest(\(ranges.map(\.lowerBound)), \(ranges.map(\.upperBound)))
          WITH ORDINALITY AS w (s, e, i)
        JOIN reading r ON r.project_id = \(project) AND r.timestamp >= w.s AND r.timestamp < w.e
      ) x ORDER BY i, timestamp, amount, id
      """
    ).map(PostgresRows.reading)
  }

  func readings(
    _ side: ReadingOrder.Side, of key: ReadingOrder.Key, limit: Int
  ) throws -> [Reading] {
    let time = key.timestamp.microsecondsSince1970
    let query: PostgresQuery =
      side == .before
      ? """
      SELECT \(unescaped: PostgresRows.readingColumns) FROM reading
      WHERE project_id = \(project) AND (timestamp, id) < (\(time), \(key.id))
      ORDER BY timestamp DESC, id DESC LIMIT \(Int64(limit))
      """
      : """
      SELECT \(unescaped: PostgresRows.readingColumns) FROM reading
      WHERE project_id = \(project) AND (timestamp, id) > (\(time), \(key.id))
      ORDER BY timestamp, id LIMIT \(Int64(limit))
      """
    return try facts.session.rows(query).map(PostgresRows.reading)
  }

  func resets() throws -> [Reading] {
    try facts.session.rows(
      """
      SELECT \(unescaped: PostgresRows.readingColumns) FROM reading
      WHERE project_id = \(project) AND is_reset ORDER BY timestamp, id
      """
    ).map(PostgresRows.reading)
  }
}

extension PostgresStorage {
  public func withAggregates<Result>(
    of project: ProjectID, _ body: (any RangeAggregates) throws -> Result
  ) throws(TallyError) -> Result {
    try read(doing: "read the readings") { session in
      try body(PostgresAggregates(session, project: project))
    }
  }

  public func withAggregates(
    of projects: [ProjectID], _ body: (ProjectID, any RangeAggregates) throws -> Void
  ) throws(TallyError) {
    try read(doing: "read the readings") { session in
      for project in projects {
        try body(project, PostgresAggregates(session, project: project))
      }
    }
  }
}
