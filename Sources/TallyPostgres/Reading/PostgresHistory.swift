import Foundation
import Libpq
public import TallyCore

/// The history and the present state it is reverted from, in one read snapshot on the
/// server, as the person sees them: their own steps and every step that touched only
/// projects they may read.
struct PostgresHistory: HistoryReader {
  let session: PostgresSession

  func completeSince() throws -> Timestamp? {
    try session.value("SELECT max(at) FROM history_start", as: Int64.self)
      .map(Timestamp.init(microsecondsSince1970:))
  }

  func events(after instant: Timestamp) throws -> [HistoryEvent] {
    try events(
      """
      SELECT id, at, action, description, change, user_name FROM history
      WHERE at > \(instant.microsecondsSince1970) ORDER BY id
      """)
  }

  func events(concerning id: ReadingID) throws -> [HistoryEvent] {
    // Only a change that names the reading, or sets readings aside or brings them back,
    // concerns it: the rest is not decoded.
    try events(
      """
      SELECT id, at, action, description, change, user_name FROM history
      WHERE strpos(change, \("\"id\":\(id.rawValue)")) > 0 OR strpos(change, '"setAside') > 0
        OR strpos(change, '"restore') > 0
      ORDER BY id
      """)
  }

  private func events(_ query: PostgresQuery) throws -> [HistoryEvent] {
    try session.rows(query).map { row in
      let (id, at, action, description, json, user) = try row.decode(
        (Int64, Int64, String, String, String, String).self)
      do {
        return HistoryEvent(
          id: id, at: Timestamp(microsecondsSince1970: at),
          action: HistoryEvent.Action(rawValue: action) ?? .did, description: description,
          change: try JSONDecoder().decode(Change.self, from: Data(json.utf8)), user: user)
      } catch {
        throw TallyError(.storage, "history entry \(id) cannot be read: \(error)")
      }
    }
  }

  func projects() throws -> [Project] {
    try session.rows("SELECT \(unescaped: PostgresRows.projectColumns) FROM project ORDER BY id")
      .map { try PostgresRows.summary($0).project }
  }

  func reading(_ id: ReadingID) throws -> Reading? {
    try readings(from: "reading", where: "id = \(id.rawValue)").first
  }

  func setAsideReading(_ id: ReadingID) throws -> Reading? {
    try readings(from: "set_aside_reading", where: "id = \(id.rawValue)").first
  }

  func readings(of batch: ImportBatch) throws -> [Reading] {
    guard let ids = batch.readingIDs else { return [] }
    return try readings(
      from: "reading",
      where:
        "id BETWEEN \(ids.lowerBound) AND \(ids.upperBound) AND batch_id = \(batch.id.rawValue)")
  }

  func readings(of project: ProjectID) throws -> [Reading] {
    try readings(from: "reading", where: "project_id = \(project.rawValue)")
  }

  func setAsideReadings(heldFor label: String) throws -> [Reading] {
    try session.rows(
      """
      SELECT \(unescaped: PostgresRows.readingColumns) FROM set_aside_reading
      WHERE held_for = \(label) ORDER BY id
      """
    ).map(PostgresRows.reading)
  }

  /// The readings of `table` that `condition` (built from numbers only) picks, by id.
  private func readings(from table: String, where condition: String) throws -> [Reading] {
    try session.rows(
      PostgresQuery(
        unsafeSQL:
          "SELECT \(PostgresRows.readingColumns) FROM \(table) WHERE \(condition) ORDER BY id")
    ).map(PostgresRows.reading)
  }

  func importBatch(_ id: ImportBatchID) throws -> ImportBatch? {
    try session.rows(
      "SELECT \(unescaped: PostgresRows.batchColumns) FROM import_batch WHERE id = \(id.rawValue)"
    ).first.map(PostgresRows.importBatch)
  }

  func aggregates(of project: ProjectID) throws -> any StoredReadings {
    PostgresAggregates(session, project: project)
  }
}

extension PostgresStorage {
  /// Runs `body` with the history and the present state, in one read snapshot.
  ///
  /// - Returns: What `body` returns.
  /// - Throws: ``TallyError`` when the server cannot be read, or what `body` throws.
  public func withHistory<Result>(
    _ body: (any HistoryReader) throws -> Result
  ) throws(TallyError) -> Result {
    try read(doing: "read the history") { session in try body(PostgresHistory(session: session)) }
  }
}
