import PostgresNIO
public import TallyCore

/// Sums up a project's readings over ranges of time on the server, inside one snapshot, so
/// that a report sees one state of the data: from the rollups, days and quarters at a time.
final class PostgresAggregates: RangeAggregates, RollupSource {
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
    try aggregates([start..<end])[0]
  }

  var answersManyRangesAtOnce: Bool { true }

  /// Every range from the rollups (see ``RollupPlan``), in one statement: one round trip,
  /// and the server plans (and checks the person's access) once, not once per period.
  func aggregates(_ ranges: [Range<Timestamp>]) throws -> [RangeFigures] {
    let plan = RollupPlan(
      ranges: ranges.map {
        $0.lowerBound.microsecondsSince1970..<$0.upperBound.microsecondsSince1970
      })
    return plan.figures(from: try rows(for: plan.request))
  }

  func rows(for request: RollupRequest) throws -> RollupRows {
    func bounds(_ runs: [ClosedRange<Int64>]) -> ([Int64], [Int64]) {
      (runs.map(\.lowerBound), runs.map(\.upperBound))
    }
    let (dayLows, dayHighs) = bounds(request.days)
    let (quarterLows, quarterHighs) = bounds(request.quarters)
    let leafStarts = request.leaves.map(\.lowerBound)
    let leafEnds = request.leaves.map(\.upperBound)
    // Kind 0: days, 1: quarters, 2: leaves (numbered from 1), each ascending.
    let rows = try facts.session.rows(
      """
      SELECT 0, d.day, d.count, d.total, d.smallest, d.largest
      FROM unnest(\(dayLows)::BIGINT[], \(dayHighs)::BIGINT[]) AS r (low, high)
      JOIN reading_day d ON d.project_id = \(project) AND d.day BETWEEN r.low AND r.high
      UNION ALL
      SELECT 1, q.quarter, q.count, q.total, q.smallest, q.largest
      FROM unnest(\(quarterLows)::BIGINT[], \(quarterHighs)::BIGINT[]) AS r (low, high)
      JOIN reading_quarter q ON q.project_id = \(project) AND q.quarter BETWEEN r.low AND r.high
      UNION ALL
      SELECT 2, r.i, x.count, x.total, x.smallest, x.largest
      FROM unnest(\(leafStarts)::BIGINT[], \(leafEnds)::BIGINT[]) WITH ORDINALITY AS r (s, e, i)
      CROSS JOIN LATERAL (
        SELECT count(*)::BIGINT AS count, sum(amount ORDER BY timestamp, amount, id) AS total,
          min(amount) AS smallest, max(amount) AS largest
        FROM reading WHERE project_id = \(project) AND timestamp >= r.s AND timestamp < r.e
      ) x
      ORDER BY 1, 2
      """)
    var answer = RollupRows(
      days: [], quarters: [], leaves: Array(repeating: .empty, count: request.leaves.count))
    for row in rows {
      let (kind, bucket, count, total, smallest, largest) = try row.decode(
        (Int32, Int64, Int64, Double?, Double?, Double?).self)
      let figures = RangeFigures(count: Int(count), sum: total ?? 0, min: smallest, max: largest)
      switch kind {
      case 0: answer.days.append(BucketFigures(bucket: bucket, figures: figures))
      case 1: answer.quarters.append(BucketFigures(bucket: bucket, figures: figures))
      default: answer.leaves[Int(bucket) - 1] = figures
      }
    }
    return answer
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
