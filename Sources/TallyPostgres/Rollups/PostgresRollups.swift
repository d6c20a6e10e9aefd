import PostgresNIO
import TallyCore

/// Keeps the rollups (figures per project and quarter hour, and per day) on the server, in
/// the transaction of the write that changes the readings, and reads them for reports.
///
/// The server adds each quarter's readings in time order (time, amount, id), and each day's
/// quarters in order, one after the other (`sum(… ORDER BY …)` adds as ``BucketFold`` does): a
/// sum from the rollups is to the last bit the sum the readings give, as on SQLite.
struct PostgresRollups {
  let session: PostgresSession

  /// The quarter of an instant (`timestamp`), rounded down also before 1970.
  static let quarterOfTimestamp = floorDivision("timestamp", RollupLevel.quarter.microseconds)

  /// `expression` divided by `divisor`, rounded down (PostgreSQL's `/` rounds toward zero).
  static func floorDivision(_ expression: String, _ divisor: Int64) -> String {
    "((\(expression)) - ((((\(expression)) % \(divisor)) + \(divisor)) % \(divisor))) / \(divisor)"
  }

  /// The statements that make the rollup tables, their policies, and sum them from the
  /// readings there are (migration `v6 rollups`).
  static var migration: [String] {
    let tables = [("reading_quarter", "quarter"), ("reading_day", "day")]
    return tables.map { table, column in
      """
      CREATE TABLE \(table) (
        project_id BIGINT NOT NULL,
        \(column) BIGINT NOT NULL,
        count BIGINT NOT NULL,
        total DOUBLE PRECISION NOT NULL,
        smallest DOUBLE PRECISION NOT NULL,
        largest DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (project_id, \(column))
      )
      """
    }
      + PostgresAccessSchema.policies(on: tables.map { ($0.0, "project_id") })
      + [
        // Whoever has a grant on the readings gets the same on their rollups.
        """
        DO $grant$
        DECLARE g record;
        BEGIN
          FOR g IN SELECT DISTINCT grantee FROM information_schema.role_table_grants
            WHERE table_schema = current_schema() AND table_name = 'reading'
              AND grantee <> current_user
          LOOP
            EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON reading_quarter, reading_day TO %s',
              CASE g.grantee WHEN 'PUBLIC' THEN 'PUBLIC' ELSE quote_ident(g.grantee) END);
          END LOOP;
        END
        $grant$
        """,
        // The owner of the tables brings them up to date, and is bound by the policies like
        // anyone: for the first sums it must see every project's readings.
        "ALTER TABLE reading NO FORCE ROW LEVEL SECURITY",
        "ALTER TABLE reading_quarter NO FORCE ROW LEVEL SECURITY",
        "ALTER TABLE reading_day NO FORCE ROW LEVEL SECURITY",
      ] + rebuildAll(onlyWritable: false) + [
        "ALTER TABLE reading FORCE ROW LEVEL SECURITY",
        "ALTER TABLE reading_quarter FORCE ROW LEVEL SECURITY",
        "ALTER TABLE reading_day FORCE ROW LEVEL SECURITY",
      ]
  }

  /// Sums every rollup again from the readings: of every project the role sees, or only of
  /// those the server's policies let it change.
  static func rebuildAll(onlyWritable: Bool) -> [String] {
    let picked =
      onlyWritable ? "WHERE project_id = ANY ((SELECT tally_project_ids(2))::BIGINT[])" : ""
    return [
      "DELETE FROM reading_quarter \(picked)",
      "DELETE FROM reading_day \(picked)",
      """
      INSERT INTO reading_quarter (project_id, quarter, count, total, smallest, largest)
      SELECT project_id, \(quarterOfTimestamp), count(*),
        sum(amount ORDER BY timestamp, amount, id), min(amount), max(amount)
      FROM reading \(picked) GROUP BY 1, 2
      """,
      daysFromQuarters(picked),
    ]
  }

  /// Sums every day from its quarters, of the projects `picked` (a `WHERE` clause) picks.
  private static func daysFromQuarters(_ picked: String) -> String {
    let perDay = RollupLevel.quartersPerDay
    return """
      INSERT INTO reading_day (project_id, day, count, total, smallest, largest)
      SELECT project_id, \(floorDivision("quarter", perDay)), sum(count)::BIGINT,
        sum(total ORDER BY quarter), min(smallest), max(largest)
      FROM reading_quarter \(picked) GROUP BY 1, 2
      """
  }

  /// Sums every rollup the role may change again (`tally check --repair`, a copy received).
  ///
  /// - Parameter bypassesPolicies: Whether the role sees past the server's policies (a
  ///   superuser's repair sums every project's rollups).
  /// - Throws: The server's refusal or a lost connection.
  func rebuildAll(bypassesPolicies: Bool) throws {
    for statement in Self.rebuildAll(onlyWritable: !bypassesPolicies) {
      try session.execute(statement)
    }
  }

  /// The rollups of `level` that `project` holds, ascending.
  func stored(_ level: RollupLevel, of project: ProjectID) throws -> [BucketFigures] {
    let (table, column) = level == .day ? ("reading_day", "day") : ("reading_quarter", "quarter")
    return try session.rows(
      """
      SELECT \(unescaped: column), count, total, smallest, largest FROM \(unescaped: table)
      WHERE project_id = \(project.rawValue) ORDER BY 1
      """
    ).map(Self.bucket)
  }

  /// What `project`'s rollups of `level` would be, summed from its readings now.
  func counted(_ level: RollupLevel, of project: ProjectID) throws -> [BucketFigures] {
    let perDay = RollupLevel.quartersPerDay
    let quarters = """
      SELECT \(Self.quarterOfTimestamp) AS quarter, count(*) AS count,
        sum(amount ORDER BY timestamp, amount, id) AS total, min(amount) AS smallest,
        max(amount) AS largest
      FROM reading WHERE project_id = \(project.rawValue) GROUP BY 1
      """
    let sql =
      level == .quarter
      ? quarters + " ORDER BY 1"
      : """
      SELECT \(Self.floorDivision("quarter", perDay)), sum(count)::BIGINT,
        sum(total ORDER BY quarter), min(smallest), max(largest)
      FROM (\(quarters)) q GROUP BY 1 ORDER BY 1
      """
    return try session.rows(PostgresQuery(unsafeSQL: sql)).map(Self.bucket)
  }

  /// A row of bucket, count, total, smallest and largest.
  static func bucket(_ row: PostgresRow) throws -> BucketFigures {
    let (bucket, count, total, smallest, largest) = try row.decode(
      (Int64, Int64, Double, Double, Double).self)
    return BucketFigures(
      bucket: bucket,
      figures: RangeFigures(count: Int(count), sum: total, min: smallest, max: largest))
  }

  /// Sums again what `stale` names, and drops the rollups of the projects it clears.
  func refresh(_ stale: StaleRollups) throws {
    for project in stale.cleared {
      try session.rows("DELETE FROM reading_quarter WHERE project_id = \(project.rawValue)")
      try session.rows("DELETE FROM reading_day WHERE project_id = \(project.rawValue)")
    }
    for project in stale.projects {
      let runs = stale.runs(of: project)
      try refresh(
        project,
        quarters: """
          SELECT generate_series(r.low, r.high) AS quarter
          FROM unnest(ARRAY[\(runs.map { String($0.lowerBound) }.joined(separator: ","))]::BIGINT[],
            ARRAY[\(runs.map { String($0.upperBound) }.joined(separator: ","))]::BIGINT[]) AS r (low, high)
          """)
    }
  }

  /// Sums again the quarters of `project` that `quarters` (trusted SQL with a column
  /// `quarter`) lists, and their days.
  func refresh(_ project: ProjectID, quarters: String) throws {
    let id = project.rawValue
    let size = RollupLevel.quarter.microseconds
    let perDay = RollupLevel.quartersPerDay
    try session.execute(
      """
      CREATE TEMPORARY TABLE IF NOT EXISTS tally_stale_quarter (quarter BIGINT PRIMARY KEY)
      ON COMMIT DELETE ROWS
      """)
    try session.execute(
      """
      INSERT INTO tally_stale_quarter SELECT DISTINCT quarter FROM (\(quarters)) q
      ON CONFLICT DO NOTHING
      """)
    try session.execute(
      """
      DELETE FROM reading_quarter WHERE project_id = \(id)
        AND quarter IN (SELECT quarter FROM tally_stale_quarter)
      """)
    try session.execute(
      """
      INSERT INTO reading_quarter (project_id, quarter, count, total, smallest, largest)
      SELECT \(id), s.quarter, count(*), sum(r.amount ORDER BY r.timestamp, r.amount, r.id),
        min(r.amount), max(r.amount)
      FROM tally_stale_quarter s JOIN reading r ON r.project_id = \(id)
        AND r.timestamp >= s.quarter * \(size) AND r.timestamp < s.quarter * \(size) + \(size)
      GROUP BY s.quarter
      """)
    let staleDays =
      "SELECT DISTINCT \(Self.floorDivision("quarter", perDay)) AS day FROM tally_stale_quarter"
    try session.execute(
      "DELETE FROM reading_day WHERE project_id = \(id) AND day IN (\(staleDays))")
    try session.execute(
      """
      INSERT INTO reading_day (project_id, day, count, total, smallest, largest)
      SELECT \(id), d.day, sum(q.count)::BIGINT, sum(q.total ORDER BY q.quarter),
        min(q.smallest), max(q.largest)
      FROM (\(staleDays)) d JOIN reading_quarter q ON q.project_id = \(id)
        AND q.quarter BETWEEN d.day * \(perDay) AND d.day * \(perDay) + \(perDay - 1)
      GROUP BY d.day
      """)
    try session.execute("DELETE FROM tally_stale_quarter")
  }
}
