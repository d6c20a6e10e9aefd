import GRDB
import TallyCore

/// The statements by which the rollups are read and made.
enum RollupSQL {
  /// A project's readings from one instant (inclusive) to another (exclusive), in the order
  /// their sums add them: time, then amount, then id, the order of the (project, timestamp,
  /// amount) index, so that no sort is needed.
  static let readingsInOrder = """
    SELECT timestamp, amount FROM reading
    WHERE project_id = ? AND timestamp >= ? AND timestamp < ?
    ORDER BY timestamp, amount, id
    """

  /// The table of one level's buckets.
  static func table(_ level: RollupLevel) -> String {
    switch level {
    case .quarter: "reading_quarter"
    case .day: "reading_day"
    case .week: "reading_week"
    }
  }

  /// The column that numbers one level's buckets.
  static func column(_ level: RollupLevel) -> String {
    switch level {
    case .quarter: "quarter"
    case .day: "day"
    case .week: "week"
    }
  }

  /// A project's stored buckets of one level from one bucket to another (both inclusive),
  /// ascending.
  static func stored(_ level: RollupLevel) -> String {
    switch level {
    case .quarter: storedSQL.quarter
    case .day: storedSQL.day
    case .week: storedSQL.week
    }
  }

  private static let storedSQL = byLevel { level in
    let column = column(level)
    return """
      SELECT \(column), count, total, smallest, largest FROM \(table(level))
      WHERE project_id = ? AND \(column) BETWEEN ? AND ? ORDER BY \(column)
      """
  }

  /// Like ``stored(_:)``, at most a number of buckets (the last parameter).
  static func storedPage(_ level: RollupLevel) -> String {
    switch level {
    case .quarter: storedPageSQL.quarter
    case .day: storedPageSQL.day
    case .week: storedPageSQL.week
    }
  }

  private static let storedPageSQL = byLevel { stored($0) + " LIMIT ?" }

  /// Deletes a project's stored buckets of one level from one bucket to another (both
  /// inclusive).
  static func deleteRun(_ level: RollupLevel) -> String {
    switch level {
    case .quarter: deleteSQL.quarter
    case .day: deleteSQL.day
    case .week: deleteSQL.week
    }
  }

  private static let deleteSQL = byLevel { level in
    "DELETE FROM \(table(level)) WHERE project_id = ? AND \(column(level)) BETWEEN ? AND ?"
  }

  /// Stores one row, or ``RollupWriter/rowsPerStatement`` rows, of one level in place of
  /// those there were: project, bucket, count, total, smallest and largest each.
  static func insert(_ level: RollupLevel, rows: Int) -> String {
    let sql = rows == 1 ? insertOneSQL : insertManySQL
    switch level {
    case .quarter: return sql.quarter
    case .day: return sql.day
    case .week: return sql.week
    }
  }

  private static let insertOneSQL = byLevel { insertSQL($0, rows: 1) }
  private static let insertManySQL = byLevel {
    insertSQL($0, rows: RollupWriter.rowsPerStatement)
  }

  private static func insertSQL(_ level: RollupLevel, rows: Int) -> String {
    "INSERT OR REPLACE INTO \(table(level)) "
      + "(project_id, \(column(level)), count, total, smallest, largest) VALUES "
      + Array(repeating: "(?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
  }

  /// Deletes one, or ``RollupWriter/rowsPerStatement``, stored buckets of a project at one
  /// level: the project, then the buckets.
  static func deleteBuckets(_ level: RollupLevel, rows: Int) -> String {
    let sql = rows == 1 ? deleteOneSQL : deleteManySQL
    switch level {
    case .quarter: return sql.quarter
    case .day: return sql.day
    case .week: return sql.week
    }
  }

  private static let deleteOneSQL = byLevel { deleteSQL($0, rows: 1) }
  private static let deleteManySQL = byLevel {
    deleteSQL($0, rows: RollupWriter.rowsPerStatement)
  }

  private static func deleteSQL(_ level: RollupLevel, rows: Int) -> String {
    "DELETE FROM \(table(level)) WHERE project_id = ? AND \(column(level)) IN ("
      + Array(repeating: "?", count: rows).joined(separator: ", ") + ")"
  }

  /// One statement per level, made once.
  private static func byLevel(
    _ make: (RollupLevel) -> String
  ) -> (quarter: String, day: String, week: String) {
    (make(.quarter), make(.day), make(.week))
  }

  /// The figures of the row of ``stored(_:)`` that `statement` has stepped to.
  static func figures(_ statement: RawStatement) -> RangeFigures {
    RangeFigures(
      count: Int(statement.int64(1)), sum: statement.double(2), min: statement.double(3),
      max: statement.double(4))
  }

  /// The bucket a row of ``stored(_:)`` holds.
  static func figures(_ row: Row) -> BucketFigures {
    BucketFigures(
      bucket: row[0],
      figures: RangeFigures(count: row[1], sum: row[2], min: row[3], max: row[4]))
  }

  /// Builds the rollup tables (migration `v8 rollups`).
  static let createTables = """
    CREATE TABLE reading_quarter (
      project_id INTEGER NOT NULL,
      quarter INTEGER NOT NULL,
      count INTEGER NOT NULL,
      total REAL NOT NULL,
      smallest REAL NOT NULL,
      largest REAL NOT NULL,
      PRIMARY KEY (project_id, quarter)
    ) WITHOUT ROWID;
    CREATE TABLE reading_day (
      project_id INTEGER NOT NULL,
      day INTEGER NOT NULL,
      count INTEGER NOT NULL,
      total REAL NOT NULL,
      smallest REAL NOT NULL,
      largest REAL NOT NULL,
      PRIMARY KEY (project_id, day)
    ) WITHOUT ROWID;
    CREATE TABLE reading_week (
      project_id INTEGER NOT NULL,
      week INTEGER NOT NULL,
      count INTEGER NOT NULL,
      total REAL NOT NULL,
      smallest REAL NOT NULL,
      largest REAL NOT NULL,
      PRIMARY KEY (project_id, week)
    ) WITHOUT ROWID;
    """
}
