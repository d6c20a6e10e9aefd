import GRDB
import GRDBSQLite
import TallyCore

/// Receives the rows of an import inside its transaction: leaves out those already stored,
/// inserts the rest, and keeps count.
///
/// A row is a duplicate when the project already held an identical reading (same time, amount
/// and note) before this import: if it held two, the first two identical rows of the file are
/// duplicates and a third is new. So importing a file twice adds nothing the second time, and
/// identical rows within one file are all kept the first time.
final class ImportSink: ImportRowSink {
  private let db: Database
  private let projectID: Int64
  private let batchID: Int64
  /// How many rows one insert statement takes: 6 parameters each, within SQLite's default
  /// limit of 32,766 parameters.
  static let rowsPerInsert = 500
  /// How many rows are gathered, sorted by time, before they are inserted: about 10 MB.
  static let rowsPerRun = 131_072
  /// The insert of a full run of rows, made when the first is due; its SQL is large, so a
  /// project of a few rows never makes it.
  private var fullInsert: Statement?
  private var pending: [ImportedReading] = []
  private var lookup: Statement?
  /// The stored readings that earlier rows of the file matched, by id.
  ///
  /// Each stored reading makes one row a duplicate. A bit per id up to the largest stored
  /// before the import (125 KB for a million), where a dictionary of keys took 140 MB.
  private var matched: ReadingIDSet
  /// The largest reading id before the import: the import's own readings come after it.
  private let lastStoredID: Int64
  /// The file line of each inserted row, in the order of their ids, when kept (for a meter,
  /// whose rules are checked after the rows are in).
  private(set) var insertedLines: [Int32]?
  /// Whether the rows go into a meter: only a meter's readings are marked as resets.
  private let isMeter: Bool

  /// How many rows were inserted.
  private(set) var imported = 0
  /// The quarters the inserted rows fall in, whose rollups are to be summed again.
  private(set) var stale = StaleRollups()
  /// How many rows were left out as already stored.
  private(set) var duplicates = 0
  /// The first few duplicate rows, for a dry run's report.
  private(set) var firstDuplicates: [ImportedReading] = []
  /// The invalid rows.
  private(set) var invalid: InvalidRows

  /// How many rows have been taken, valid or not: the next row's position in the file.
  private var position = 0
  /// The positions of the pending rows, to report the first duplicates in file order.
  private var pendingPositions: [Int] = []
  /// The positions of the duplicates in `firstDuplicates`.
  private var firstDuplicatePositions: [Int] = []

  init(
    db: Database, projectID: ProjectID, batchID: ImportBatchID, projectIsEmpty: Bool,
    keepsAllProblems: Bool, isMeter: Bool = false
  ) throws {
    self.isMeter = isMeter
    insertedLines = isMeter ? [] : nil
    self.db = db
    self.projectID = projectID.rawValue
    self.batchID = batchID.rawValue
    invalid = InvalidRows(keepsAll: keepsAllProblems)
    lastStoredID = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM reading") ?? 0
    // An empty project holds nothing to compare with.
    matched = ReadingIDSet(upTo: projectIsEmpty ? 0 : lastStoredID)
    lookup =
      projectIsEmpty
      ? nil
      : try db.makeStatement(
        sql: """
          SELECT id FROM reading
          WHERE project_id = ? AND timestamp = ? AND amount = ? AND note IS ? AND id <= ?
          """)
  }

  /// Takes one valid row.
  func add(_ row: ImportedReading) throws {
    pending.append(row)
    pendingPositions.append(position)
    position += 1
    if pending.count == Self.rowsPerRun {
      try flush()
    }
  }

  /// Inserts the rows still pending; call once after the last row.
  ///
  /// The statements and the set of matched ids go then: an import of many projects keeps
  /// each project's sink for its counts, not its memory.
  func finish() throws {
    try flush()
    fullInsert = nil
    lookup = nil
    matched = ReadingIDSet(upTo: 0)
    pending = []
    pendingPositions = []
  }

  /// Leaves out the pending rows already stored and inserts the rest, in time order, many per
  /// statement.
  ///
  /// In time order, the rows are looked up and land next to each other in the (project,
  /// timestamp) index, so SQLite touches each index page once per run instead of once per row
  /// (a re-import of a million rows looks each up in a warm page); the table, too, holds them
  /// in runs of time order, so a later lookup of each in time order reads its pages in turn.
  /// Many rows per statement pay SQLite's per-statement work (the id sequence, starting and
  /// finishing the statement) once per statement, not once per row.
  private func flush() throws {
    // Sort (time, position) pairs rather than the rows themselves: moving two integers is
    // cheaper than moving a row with its note.
    let rows = pending
    var order = rows.indices.map { (rows[$0].timestamp.microsecondsSince1970, $0) }
      .sorted { $0 < $1 }.map(\.1)
    if let lookup {
      order = try order.filter { index in
        guard try isDuplicate(rows[index], lookup) else { return true }
        noteDuplicate(rows[index], at: pendingPositions[index])
        return false
      }
    }
    var start = 0
    while start < order.count {
      let end = min(start + Self.rowsPerInsert, order.count)
      try insert(order[start..<end].lazy.map { rows[$0] })
      start = end
    }
    imported += order.count
    pending.removeAll(keepingCapacity: true)
    pendingPositions.removeAll(keepingCapacity: true)
  }

  /// Counts a duplicate and keeps it if it is among the first five of the file.
  private func noteDuplicate(_ row: ImportedReading, at position: Int) {
    duplicates += 1
    let place = firstDuplicatePositions.firstIndex { $0 > position } ?? firstDuplicates.count
    guard place < 5 else { return }
    firstDuplicates.insert(row, at: place)
    firstDuplicatePositions.insert(position, at: place)
    if firstDuplicates.count > 5 {
      firstDuplicates.removeLast()
      firstDuplicatePositions.removeLast()
    }
  }

  private func insert(_ rows: some Collection<ImportedReading>) throws {
    let insert: Statement
    if rows.count == Self.rowsPerInsert {
      if fullInsert == nil { fullInsert = try makeInsert(rows: rows.count) }
      insert = try fullInsert ?? makeInsert(rows: rows.count)
    } else {
      insert = try makeInsert(rows: rows.count)
    }
    // The raw statement lives as long as `insert` does.
    try withExtendedLifetime(insert) {
      let statement = insert.sqliteStatement
      var parameter: Int32 = 1
      for row in rows {
        sqlite3_bind_int64(statement, parameter, projectID)
        sqlite3_bind_double(statement, parameter + 1, row.amount)
        sqlite3_bind_int64(statement, parameter + 2, row.timestamp.microsecondsSince1970)
        if let note = row.note {
          sqlite3_bind_text(statement, parameter + 3, note, -1, sqliteTransient)
        } else {
          sqlite3_bind_null(statement, parameter + 3)
        }
        sqlite3_bind_int64(statement, parameter + 4, batchID)
        sqlite3_bind_int(statement, parameter + 5, isMeter && row.isReset ? 1 : 0)
        if let tags = Tags.stored(row.tags) {
          sqlite3_bind_text(statement, parameter + 6, tags, -1, sqliteTransient)
        } else {
          sqlite3_bind_null(statement, parameter + 6)
        }
        parameter += 7
        insertedLines?.append(Int32(clamping: row.line))
        stale.note(ProjectID(rawValue: projectID), at: row.timestamp)
      }
      let code = sqlite3_step(statement)
      sqlite3_reset(statement)
      guard code == SQLITE_DONE else {
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code),
          message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
      }
    }
  }

  private func makeInsert(rows: Int) throws -> Statement {
    try db.makeStatement(sql: ReadingRecord.insertSQL(ids: false, rows: rows))
  }

  /// Takes one invalid row.
  func reject(_ problem: RowProblem) {
    position += 1
    invalid.add(problem)
  }

  /// Whether `row` is a duplicate: the project held an identical reading before the import
  /// that no earlier row of the file has matched.
  ///
  /// The lookup is bound and stepped on SQLite's statement directly: it runs once per row of a
  /// re-import, a million times for a million rows.
  private func isDuplicate(_ row: ImportedReading, _ lookup: Statement) throws -> Bool {
    try withExtendedLifetime(lookup) { () throws -> Bool in
      let statement = lookup.sqliteStatement
      sqlite3_bind_int64(statement, 1, projectID)
      sqlite3_bind_int64(statement, 2, row.timestamp.microsecondsSince1970)
      sqlite3_bind_double(statement, 3, row.amount)
      if let note = row.note {
        sqlite3_bind_text(statement, 4, note, -1, sqliteTransient)
      } else {
        sqlite3_bind_null(statement, 4)
      }
      sqlite3_bind_int64(statement, 5, lastStoredID)
      defer { sqlite3_reset(statement) }
      while true {
        switch sqlite3_step(statement) {
        case SQLITE_ROW:
          let id = sqlite3_column_int64(statement, 0)
          if matched.insert(id) { return true }
        case SQLITE_DONE:
          return false
        case let code:
          throw DatabaseError(
            resultCode: ResultCode(rawValue: code),
            message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
      }
    }
  }
}

/// A set of reading ids from 0 up to a bound, a bit each.
struct ReadingIDSet {
  private var words: [UInt64]

  /// An empty set for ids from 0 through `last`.
  init(upTo last: Int64) {
    words = Array(repeating: 0, count: Int(max(0, last)) / 64 + 1)
  }

  /// Adds `id`, which must be within the bound.
  ///
  /// - Returns: Whether it was not in the set before.
  mutating func insert(_ id: Int64) -> Bool {
    let word = Int(id) / 64
    let bit = UInt64(1) << UInt64(id % 64)
    guard words[word] & bit == 0 else { return false }
    words[word] |= bit
    return true
  }
}

/// Tells SQLite to copy bound text at once.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
