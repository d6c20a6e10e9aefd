import GRDB
import GRDBSQLite

/// A prepared statement stepped through SQLite's own calls: the rollups read and write a row
/// per quarter hour, hundreds of thousands in a large import, where GRDB's arguments and rows
/// (a value each, boxed) cost more than SQLite's work.
struct RawStatement {
  private let statement: Statement
  private let db: Database

  init(_ db: Database, _ sql: String) throws {
    statement = try db.cachedStatement(sql: sql)
    self.db = db
  }

  private var handle: OpaquePointer { statement.sqliteStatement }

  /// Binds whole numbers to the first parameters, after a reset.
  func bind(_ values: Int64...) {
    bind(values)
  }

  /// Makes the statement ready to be bound and run again.
  func reset() {
    sqlite3_reset(handle)
  }

  /// Binds a number to parameter `index` (from 1).
  func bind(_ value: Double, at index: Int32) {
    sqlite3_bind_double(handle, index, value)
  }

  /// Binds a whole number to parameter `index` (from 1).
  func bind(_ value: Int64, at index: Int32) {
    sqlite3_bind_int64(handle, index, value)
  }

  /// Binds a text to parameter `index` (from 1); SQLite keeps a copy.
  func bind(_ text: String, at index: Int32) {
    sqlite3_bind_text(handle, index, text, -1, sqliteTransient)
  }

  /// Steps once: whether a row came.
  func step() throws -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code),
        message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
    }
  }

  /// Runs a statement that returns no rows, then resets it.
  func run() throws {
    _ = try step()
    sqlite3_reset(handle)
  }

  /// Column `index` (from 0) of the row stepped to, as a whole number.
  func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Column `index` (from 0) of the row stepped to, as a number.
  func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

  /// Column `index` (from 0) of the row stepped to, as a text; `nil` for NULL.
  func text(_ index: Int32) -> String? {
    guard let bytes = sqlite3_column_text(handle, index) else { return nil }
    return String(cString: bytes)
  }

  /// Whether column `index` (from 0) of the row stepped to is NULL.
  func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

  /// Binds whole numbers to the first parameters, after a reset.
  func bind(_ values: [Int64]) {
    sqlite3_reset(handle)
    for (index, value) in values.enumerated() {
      sqlite3_bind_int64(handle, Int32(index + 1), value)
    }
  }

  /// Keeps the statement alive while `body` uses it.
  func using<Result>(_ body: (RawStatement) throws -> Result) rethrows -> Result {
    try withExtendedLifetime(statement) { try body(self) }
  }
}
