import Foundation
import GRDB
public import TallyCore

/// The history and the present state it is reverted from, inside one read of the database.
struct SQLiteHistory: HistoryReader {
  let db: Database

  func completeSince() throws -> Timestamp? {
    try String.fetchOne(
      db, sql: "SELECT value FROM setting WHERE name = ?", arguments: [HistorySQL.beganSetting]
    ).flatMap(Int64.init).map(Timestamp.init(microsecondsSince1970:))
  }

  func events(after instant: Timestamp) throws -> [HistoryEvent] {
    try events(
      where: "at > ?", [instant.microsecondsSince1970])
  }

  func events(concerning id: ReadingID) throws -> [HistoryEvent] {
    // Only a change that names the reading, or sets readings aside or brings them back,
    // concerns it (`Change`'s JSON, as `Database.discard` reads it): the rest is not decoded.
    try events(
      where: """
        instr(CAST(change AS TEXT), ?) > 0 OR instr(CAST(change AS TEXT), '"setAside') > 0
          OR instr(CAST(change AS TEXT), '"restore') > 0
        """, ["\"id\":\(id.rawValue)"])
  }

  private func events(where condition: String, _ arguments: StatementArguments) throws
    -> [HistoryEvent]
  {
    let rows = try Row.fetchCursor(
      db,
      sql: "SELECT id, at, action, description, change FROM history WHERE \(condition) ORDER BY id",
      arguments: arguments)
    var events: [HistoryEvent] = []
    while let row = try rows.next() {
      let id: Int64 = row[0]
      let data: Data = row[4]
      let action: String = row[2]
      do {
        events.append(
          HistoryEvent(
            id: id, at: Timestamp(microsecondsSince1970: row[1]),
            action: HistoryEvent.Action(rawValue: action) ?? .did, description: row[3],
            change: try JSONDecoder().decode(Change.self, from: data)))
      } catch {
        throw TallyError(.storage, "history entry \(id) cannot be read: \(error)")
      }
    }
    return events
  }

  func projects() throws -> [Project] {
    try ProjectRecord.fetchAll(db).map { try $0.project() }
  }

  func reading(_ id: ReadingID) throws -> Reading? {
    try ReadingRecord.fetchOne(db, key: id.rawValue)?.reading
  }

  func setAsideReading(_ id: ReadingID) throws -> Reading? {
    try readings(sql: "FROM set_aside_reading WHERE id = ?", [id.rawValue]).first
  }

  func readings(of batch: ImportBatch) throws -> [Reading] {
    guard let ids = batch.readingIDs else { return [] }
    return try readings(
      sql: "FROM reading WHERE id BETWEEN ? AND ? AND batch_id = ? ORDER BY id",
      [ids.lowerBound, ids.upperBound, batch.id.rawValue])
  }

  func readings(of project: ProjectID) throws -> [Reading] {
    try readings(sql: "FROM reading WHERE project_id = ? ORDER BY id", [project.rawValue])
  }

  func setAsideReadings(heldFor label: String) throws -> [Reading] {
    try readings(sql: "FROM set_aside_reading WHERE held_for = ? ORDER BY id", [label])
  }

  private func readings(sql: String, _ arguments: StatementArguments) throws -> [Reading] {
    try ReadingRecord.fetchAll(
      db, sql: "SELECT \(ReadingRecord.columns()) \(sql)", arguments: arguments
    ).map(\.reading)
  }

  func importBatch(_ id: ImportBatchID) throws -> ImportBatch? {
    try ImportBatchRecord.fetchOne(db, key: id.rawValue)?.batch
  }

  func aggregates(of project: ProjectID) throws -> any StoredReadings {
    try RangeAggregator(db: db, project: project)
  }
}

extension TallyDatabase {
  /// Runs `body` with the history and the present state, in one read transaction.
  ///
  /// - Returns: What `body` returns.
  /// - Throws: ``TallyError`` when the database cannot be read, or what `body` throws.
  public func withHistory<Result>(
    _ body: (any HistoryReader) throws -> Result
  ) throws(TallyError) -> Result {
    try read(doing: "read the history") { db in try body(SQLiteHistory(db: db)) }
  }
}
