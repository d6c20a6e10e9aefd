import PostgresNIO
public import TallyCore

/// Sums up a project's readings over ranges of time on the server, inside one snapshot, so
/// that a report sees one state of the data: each range is one index-only scan there.
final class PostgresAggregates: RangeAggregates {
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

  func aggregate(from start: Timestamp, to end: Timestamp) throws -> RangeFigures {
    guard
      let (count, sum, min, max) = try facts.session.row(
        """
        SELECT COUNT(*)::BIGINT, COALESCE(SUM(amount), 0), MIN(amount), MAX(amount) FROM reading
        WHERE project_id = \(project) AND timestamp >= \(start.microsecondsSince1970)
          AND timestamp < \(end.microsecondsSince1970)
        """, as: (Int64, Double, Double?, Double?).self)
    else { return RangeFigures(count: 0, sum: 0, min: nil, max: nil) }
    return RangeFigures(count: Int(count), sum: sum, min: min, max: max)
  }

  var answersManyRangesAtOnce: Bool { true }

  /// Every range in one statement.
  ///
  /// One round trip, and the server plans (and checks the person's access) once, not once per
  /// period. Each range is the same index-only scan as
  /// ``aggregate(from:to:)``'s, so the sums add in the same order.
  func aggregates(_ ranges: [Range<Timestamp>]) throws -> [RangeFigures] {
    guard ranges.count > 1 else {
      return try ranges.map { try aggregate(from: $0.lowerBound, to: $0.upperBound) }
    }
    let starts = ranges.map(\.lowerBound.microsecondsSince1970)
    let ends = ranges.map(\.upperBound.microsecondsSince1970)
    let rows = try facts.session.rows(
      """
      SELECT x.count, x.sum, x.min, x.max
      FROM unnest(\(starts)::BIGINT[], \(ends)::BIGINT[]) WITH ORDINALITY AS r (s, e, i)
      CROSS JOIN LATERAL (
        SELECT COUNT(*)::BIGINT AS count, COALESCE(SUM(amount), 0) AS sum, MIN(amount) AS min,
          MAX(amount) AS max
        FROM reading WHERE project_id = \(project) AND timestamp >= r.s AND timestamp < r.e
      ) x
      ORDER BY r.i
      """)
    guard rows.count == ranges.count else {
      throw TallyError(.storage, "the server summed \(rows.count) of \(ranges.count) periods")
    }
    return try rows.map { row in
      let (count, sum, min, max) = try row.decode((Int64, Double, Double?, Double?).self)
      return RangeFigures(count: Int(count), sum: sum, min: min, max: max)
    }
  }

  func reading(_ side: ReadingOrder.Side, of key: ReadingOrder.Key) throws -> Reading? {
    try facts.reading(of: ProjectID(rawValue: project), side, of: key, excluding: nil)
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
}
