import Foundation
import Libpq
import TallyCore

/// The stored rows as one PostgreSQL transaction sees them, for ``ChangePlan``'s rules, and
/// the reads that the storage's own methods share.
final class PostgresFacts: StoredFacts {
  let session: PostgresSession
  /// The ids drawn in this transaction: the rules ask for the next id more than once and must
  /// get the same answer (a sequence would give a new one each time).
  private var drawn: [NewRowKind: Int64] = [:]
  /// The runs of ids drawn in this transaction, likewise.
  private var drawnRuns: [NewRowKind: [Int64]] = [:]
  /// The zone people read times in, for the rules' messages.
  let zone: TimeZone

  init(_ session: PostgresSession, zone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
    self.session = session
    self.zone = zone
  }

  func projectIfAny(_ id: ProjectID) throws -> Project? {
    try summary(id)?.project
  }

  func summary(_ id: ProjectID) throws -> ProjectSummary? {
    try session.rows(
      "SELECT \(unescaped: PostgresRows.projectColumns) FROM project WHERE id = \(id.rawValue)"
    ).first.map(PostgresRows.summary)
  }

  func project(titled title: String) throws -> Project? {
    try session.rows(
      """
      SELECT \(unescaped: PostgresRows.projectColumns) FROM project
      WHERE title_key = \(Project.titleKey(title))
      """
    ).first.map(PostgresRows.summary)?.project
  }

  func readingCount(of project: ProjectID) throws -> Int {
    guard let summary = try summary(project) else {
      throw TallyError(.notFound, "there is no project \(project)")
    }
    return summary.readingCount
  }

  func heldReadings(of batch: ImportBatch) throws -> Int {
    guard let ids = batch.readingIDs else { return 0 }
    return Int(
      try session.value(
        """
        SELECT count(*)::BIGINT FROM reading
        WHERE id BETWEEN \(ids.lowerBound) AND \(ids.upperBound) AND batch_id = \(batch.id.rawValue)
        """, as: Int64.self) ?? 0)
  }

  func reading(_ id: ReadingID) throws -> Reading {
    guard
      let row = try session.rows(
        "SELECT \(unescaped: PostgresRows.readingColumns) FROM reading WHERE id = \(id.rawValue)"
      ).first
    else {
      throw TallyError(
        .notFound, "there is no reading \(id)", hint: "`tally item list PROJECT` shows the ids.")
    }
    return try PostgresRows.reading(row)
  }

  func timer(of project: ProjectID) throws -> RunningTimer? {
    try session.rows(
      """
      SELECT \(unescaped: PostgresRows.timerColumns) FROM timer
      WHERE project_id = \(project.rawValue)
      """
    ).first.map(PostgresRows.timer)
  }

  func importBatch(_ id: ImportBatchID) throws -> ImportBatch {
    guard
      let row = try session.rows(
        """
        SELECT \(unescaped: PostgresRows.batchColumns) FROM import_batch WHERE id = \(id.rawValue)
        """
      ).first
    else {
      throw TallyError(
        .notFound, "there is no import \(id)", hint: "`tally import list` shows the imports.")
    }
    return try PostgresRows.importBatch(row)
  }

  func importBatches(of project: ProjectID, sha256: String) throws -> [ImportBatch] {
    try session.rows(
      """
      SELECT \(unescaped: PostgresRows.batchColumns) FROM import_batch
      WHERE project_id = \(project.rawValue) AND sha256 = \(sha256)
      """
    ).map(PostgresRows.importBatch)
  }

  /// `count` ids drawn from the sequence, which others draw from too: they need not be
  /// consecutive.
  func nextIDs(of kind: NewRowKind, count: Int) throws -> [Int64] {
    guard count > 1 else { return count == 1 ? [try nextID(of: kind)] : [] }
    if let ids = drawnRuns[kind], ids.count == count { return ids }
    let sequence = "\(kind.rawValue)_id_seq"
    let ids = try session.rows(
      "SELECT nextval(\(sequence)::regclass) FROM generate_series(1, \(Int64(count)))"
    ).map { try $0.decode(Int64.self) }
    drawnRuns[kind] = ids
    return ids
  }

  func nextID(of kind: NewRowKind) throws -> Int64 {
    if let id = drawn[kind] { return id }
    let sequence = "\(kind.rawValue)_id_seq"
    guard
      let id = try session.value("SELECT nextval(\(sequence)::regclass)", as: Int64.self)
    else {
      throw TallyError(.storage, "the sequence \(sequence) gave no id")
    }
    drawn[kind] = id
    return id
  }

  func reading(
    of project: ProjectID, _ side: ReadingOrder.Side, of key: ReadingOrder.Key,
    excluding: ReadingID?
  ) throws -> Reading? {
    // One row in (timestamp, id) order on `side`: the index holds (project, timestamp), so the
    // server walks it from `key` and sorts only the readings at one time.
    let excluded = excluding?.rawValue ?? 0
    let time = key.timestamp.microsecondsSince1970
    let query: PostgresQuery =
      side == .before
      ? """
      SELECT \(unescaped: PostgresRows.readingColumns) FROM reading
      WHERE project_id = \(project.rawValue) AND id <> \(excluded)
        AND (timestamp, id) < (\(time), \(key.id))
      ORDER BY timestamp DESC, id DESC LIMIT 1
      """
      : """
      SELECT \(unescaped: PostgresRows.readingColumns) FROM reading
      WHERE project_id = \(project.rawValue) AND id <> \(excluded)
        AND (timestamp, id) > (\(time), \(key.id))
      ORDER BY timestamp, id LIMIT 1
      """
    return try session.rows(query).first.map(PostgresRows.reading)
  }

  func firstFall(of project: ProjectID) throws -> MeterFall? {
    guard
      let row = try session.rows(
        """
        SELECT \(unescaped: PostgresRows.readingColumns), previous_id FROM (
          SELECT \(unescaped: PostgresRows.readingColumns),
            LAG(id) OVER (ORDER BY timestamp, id) AS previous_id,
            LAG(amount) OVER (ORDER BY timestamp, id) AS previous_amount
          FROM reading WHERE project_id = \(project.rawValue)
        ) AS ordered
        WHERE NOT is_reset AND amount < previous_amount
        ORDER BY timestamp, id LIMIT 1
        """
      ).first
    else { return nil }
    let previous = try row.decode(
      (Int64, Int64, Double, Int64, String?, Int64?, Bool, String?, Int64).self
    ).8
    return MeterFall(
      previous: try reading(ReadingID(rawValue: previous)),
      reading: try PostgresRows.reading(row))
  }
}
