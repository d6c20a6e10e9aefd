import GRDB
import TallyCore

/// How tally knows its own database files.
///
/// SQLite's `application_id` in the file header holds tally's mark, set by a migration. A file
/// without the mark is tally's only when it holds tally's migrations (one written before the
/// mark existed); any other file is another program's, and tally neither migrates nor writes
/// it.
enum FileMark {
  /// "taly" in ASCII, in the header's `application_id` field.
  static let applicationID: Int32 = 0x7461_6C79

  /// Refuses the database in `queue` unless it is empty, marked as tally's, or holds tally's
  /// migrations.
  ///
  /// - Returns: Whether the file holds nothing yet (no tables, no mark, or no bytes at all).
  /// - Throws: ``TallyError`` naming the file and, for another program's database, some of
  ///   its tables.
  @discardableResult
  static func refuseForeign(_ queue: DatabaseQueue, path: String) throws -> Bool {
    var holdsNothing = false
    let verdict = try queue.read { db -> [String]? in
      let mark = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
      if mark == applicationID { return nil }
      let tables = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      if mark == 0, tables.isEmpty {
        holdsNothing = true
        return nil
      }
      if mark == 0, tables.contains("grdb_migrations"), tables.contains("reading"),
        try Schema.migrator.appliedIdentifiers(db).contains(Schema.firstMigration)
      {
        return nil
      }
      return tables
    }
    guard let tables = verdict else { return holdsNothing }
    let shown = tables.filter { !$0.hasPrefix("sqlite_") }.prefix(3).joined(separator: ", ")
    throw TallyError(
      .storage,
      "\(path) is not a tally database"
        + (shown.isEmpty ? "" : " (it holds other tables: \(shown))") + "; it was left untouched",
      hint: "Choose another file with --db or TALLY_DB.")
  }
}
