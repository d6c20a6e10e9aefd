import Libpq
import TallyCore

/// Keeps the rollups (figures per project and quarter hour, day and week) on the server, in
/// the transaction of the write that changes the readings, and reads them for reports.
///
/// The server adds each quarter's readings in time order (time, amount, id), each day's
/// quarters and each week's days in order, one after the other (`sum(… ORDER BY …)` adds as ``BucketFold`` does): a
/// sum from the rollups is to the last bit the sum the readings give, as on SQLite.
struct PostgresRollups {
  let session: PostgresSession

  /// The quarter of an instant (`timestamp`), rounded down also before 1970.
  static let quarterOfTimestamp = floorDivision("timestamp", RollupLevel.quarter.microseconds)

  /// `expression` divided by `divisor`, rounded down (PostgreSQL's `/` rounds toward zero).
  static func floorDivision(_ expression: String, _ divisor: Int64) -> String {
    "((\(expression)) - ((((\(expression)) % \(divisor)) + \(divisor)) % \(divisor))) / \(divisor)"
  }

  /// The table and the column of one level's buckets.
  static func table(_ level: RollupLevel) -> (table: String, column: String) {
    switch level {
    case .quarter: ("reading_quarter", "quarter")
    case .day: ("reading_day", "day")
    case .week: ("reading_week", "week")
    }
  }

  /// SQL for the bucket of `level` that holds the bucket `column` of the next smaller level.
  static func larger(_ level: RollupLevel, holding column: String) -> String {
    switch level {
    case .quarter: column
    case .day: floorDivision(column, 96)
    // Weeks start on Monday, the fifth day after 1970-01-01.
    case .week: floorDivision("\(column) - 4", 7)
    }
  }

  /// The first and last buckets of the next smaller level in bucket `column` of `level`.
  static func parts(of level: RollupLevel, _ column: String) -> (String, String) {
    switch level {
    case .quarter: (column, column)
    case .day: ("\(column) * 96", "\(column) * 96 + 95")
    case .week: ("\(column) * 7 + 4", "\(column) * 7 + 10")
    }
  }

  /// The statements that make the rollup tables, their policies, and sum them from the
  /// readings there are (migration `v6 rollups`).
  static var migration: [String] {
    let tables = RollupLevel.allCases.map(table)
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
      + PostgresAccessSchema.policies(on: tables.map { ($0.table, "project_id") })
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
            EXECUTE format(
              'GRANT SELECT, INSERT, UPDATE, DELETE ON reading_quarter, reading_day, reading_week TO %s',
              CASE g.grantee WHEN 'PUBLIC' THEN 'PUBLIC' ELSE quote_ident(g.grantee) END);
          END LOOP;
        END
        $grant$
        """,
        // The owner of the tables brings them up to date, and is bound by the policies like
        // anyone: for the first sums it must see every project's readings.
        "ALTER TABLE reading NO FORCE ROW LEVEL SECURITY",
      ] + tables.map { "ALTER TABLE \($0.table) NO FORCE ROW LEVEL SECURITY" }
      + rebuildAll(onlyWritable: false)
      + (["reading"] + tables.map(\.table)).map { "ALTER TABLE \($0) FORCE ROW LEVEL SECURITY" }
  }

  /// Sums every rollup again from the readings: of every project the role sees, or only of
  /// those the server's policies let it change.
  static func rebuildAll(onlyWritable: Bool) -> [String] {
    let picked =
      onlyWritable ? "WHERE project_id = ANY ((SELECT tally_project_ids(2))::BIGINT[])" : ""
    return RollupLevel.allCases.map { "DELETE FROM \(table($0).table) \(picked)" } + [
      """
      INSERT INTO reading_quarter (project_id, quarter, count, total, smallest, largest)
      SELECT project_id, \(quarterOfTimestamp), count(*),
        sum(amount ORDER BY timestamp, amount, id), min(amount), max(amount)
      FROM reading \(picked) GROUP BY 1, 2
      """,
      fromSmaller(.day, picked), fromSmaller(.week, picked),
    ]
  }

  /// Sums every bucket of `level` from the next smaller level's, of the projects `picked`
  /// (a `WHERE` clause) picks.
  private static func fromSmaller(_ level: RollupLevel, _ picked: String) -> String {
    let (table, column) = table(level)
    let smaller = Self.table(level.smaller ?? .quarter)
    return """
      INSERT INTO \(table) (project_id, \(column), count, total, smallest, largest)
      SELECT project_id, \(larger(level, holding: smaller.column)), sum(count)::BIGINT,
        sum(total ORDER BY \(smaller.column)), min(smallest), max(largest)
      FROM \(smaller.table) \(picked) GROUP BY 1, 2
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

  /// The query of `project`'s stored buckets of `level`, ascending.
  func storedQuery(_ level: RollupLevel, of project: ProjectID) -> PostgresQuery {
    let (table, column) = Self.table(level)
    return """
      SELECT \(unescaped: column), count, total, smallest, largest FROM \(unescaped: table)
      WHERE project_id = \(project.rawValue) ORDER BY 1
      """
  }

  /// The query of what `project`'s rollups of `level` would be, summed from its readings now,
  /// ascending.
  func countedQuery(_ level: RollupLevel, of project: ProjectID) -> PostgresQuery {
    let quarters = """
      SELECT \(Self.quarterOfTimestamp) AS quarter, count(*) AS count,
        sum(amount ORDER BY timestamp, amount, id) AS total, min(amount) AS smallest,
        max(amount) AS largest
      FROM reading WHERE project_id = \(project.rawValue) GROUP BY 1
      """
    func summed(_ level: RollupLevel) -> String {
      guard let smaller = level.smaller else { return quarters }
      let column = Self.table(smaller).column
      return """
        SELECT \(Self.larger(level, holding: column)) AS \(Self.table(level).column),
          sum(count)::BIGINT AS count, sum(total ORDER BY \(column)) AS total,
          min(smallest) AS smallest, max(largest) AS largest
        FROM (\(summed(smaller))) q GROUP BY 1
        """
    }
    return PostgresQuery(unsafeSQL: summed(level) + " ORDER BY 1")
  }

  /// Where `project`'s stored rollups first differ from its readings, if they do: each level's
  /// stored buckets and those summed again on the server are walked side by side through two
  /// cursors, so that the client holds a chunk of each, whatever the number of readings.
  func difference(of project: ProjectID) throws -> RollupDifference? {
    var comparisons: [RollupComparison<any Error>] = []
    for level in RollupLevel.allCases {
      var stored = try PostgresCursor(
        session, name: "stored_buckets", for: storedQuery(level, of: project))
      var counted = try PostgresCursor(
        session, name: "counted_buckets", for: countedQuery(level, of: project))
      var comparison = RollupComparison(level: level) { () throws(any Error) in
        try stored.nextRow().map(Self.bucket)
      }
      while let row = try counted.nextRow() { try comparison.counted(Self.bucket(row)) }
      try comparison.finish()
      comparisons.append(comparison)
    }
    return RollupDifference.first(of: comparisons)
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
      for level in RollupLevel.allCases {
        try session.execute(
          "DELETE FROM \(Self.table(level).table) WHERE project_id = \(project.rawValue)")
      }
    }
    for project in stale.projects {
      try refresh(project, quarters: stale.runs(of: project))
    }
  }

  /// Sums again the quarters of `project` that `quarters` (trusted SQL with a column `quarter`)
  /// lists, and the days and weeks they lie in: the runs they make are read back first.
  func refresh(_ project: ProjectID, quarters: String) throws {
    let runs = try session.rows(
      PostgresQuery(
        unsafeSQL: """
          SELECT min(quarter), max(quarter) FROM (
            SELECT quarter, quarter - row_number() OVER (ORDER BY quarter) AS island
            FROM (SELECT DISTINCT quarter FROM (\(quarters)) q) d
          ) i GROUP BY island ORDER BY 1
          """)
    ).map { row in
      let (low, high) = try row.decode((Int64, Int64).self)
      return low...high
    }
    try refresh(project, quarters: runs)
  }

  /// Sums again the runs of quarters `runs` of `project` from its readings, then the days
  /// and weeks they lie in from the level below: each run one range of an index, whatever its
  /// length, in one statement per level and kind of write.
  func refresh(_ project: ProjectID, quarters runs: [ClosedRange<Int64>]) throws {
    guard !runs.isEmpty else { return }
    let id = project.rawValue
    var runs = runs
    for level in RollupLevel.allCases {
      if let smaller = level.smaller {
        runs = runs.map { level.buckets(holding: $0, of: smaller) }.joinedRuns()
      }
      let (table, column) = Self.table(level)
      let lows = runs.map(\.lowerBound)
      let highs = runs.map(\.upperBound)
      try session.rows(
        """
        DELETE FROM \(unescaped: table) b USING unnest(\(lows)::BIGINT[], \(highs)::BIGINT[]) AS r (low, high)
        WHERE b.project_id = \(id) AND b.\(unescaped: column) BETWEEN r.low AND r.high
        """)
      let summed: String
      if let smaller = level.smaller {
        let parts = Self.table(smaller)
        let first = Self.parts(of: level, "r.low").0
        let end = Self.parts(of: level, "r.high").1
        summed = """
          SELECT \(Self.larger(level, holding: parts.column)) AS bucket, sum(count)::BIGINT AS count,
            sum(total ORDER BY \(parts.column)) AS total, min(smallest) AS smallest,
            max(largest) AS largest
          FROM \(parts.table)
          WHERE project_id = \(id) AND \(parts.column) BETWEEN \(first) AND \(end)
          GROUP BY 1
          """
      } else {
        let size = RollupLevel.quarter.microseconds
        summed = """
          SELECT \(Self.quarterOfTimestamp) AS bucket, count(*) AS count,
            sum(amount ORDER BY timestamp, amount, id) AS total, min(amount) AS smallest,
            max(amount) AS largest
          FROM reading
          WHERE project_id = \(id) AND timestamp >= r.low * \(size)
            AND timestamp < (r.high + 1) * \(size)
          GROUP BY 1
          """
      }
      try session.rows(
        """
        INSERT INTO \(unescaped: table) (project_id, \(unescaped: column), count, total, smallest, largest)
        SELECT \(id), x.bucket, x.count, x.total, x.smallest, x.largest
        FROM unnest(\(lows)::BIGINT[], \(highs)::BIGINT[]) AS r (low, high)
        CROSS JOIN LATERAL (\(unescaped: summed)) x
        """)
    }
  }
}
