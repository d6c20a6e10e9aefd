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
