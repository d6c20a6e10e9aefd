import Foundation
import GRDB
import TallyCore

/// The stored rows as one SQLite transaction sees them, for ``ChangePlan``'s rules.
struct SQLiteFacts: StoredFacts {
  let db: Database
  /// The zone people read times in, for the rules' messages.
  var zone: TimeZone = TimeZone(identifier: "UTC") ?? .current

  func projectIfAny(_ id: ProjectID) throws -> Project? {
    try ProjectRecord.fetchOne(db, key: id.rawValue)?.project()
  }

  func project(titled title: String) throws -> Project? {
    try db.project(titled: title)
  }

  func readingCount(of project: ProjectID) throws -> Int {
    try db.projectRecord(project).readingCount
  }

  func heldReadings(of batch: ImportBatch) throws -> Int {
    guard let ids = batch.readingIDs else { return 0 }
    return try Int.fetchOne(
      db, sql: "SELECT COUNT(*) FROM reading WHERE id BETWEEN ? AND ? AND batch_id = ?",
      arguments: [ids.lowerBound, ids.upperBound, batch.id.rawValue]) ?? 0
  }

  func reading(_ id: ReadingID) throws -> Reading {
    try db.reading(id)
  }

  func timer(of project: ProjectID) throws -> RunningTimer? {
    try db.timer(of: project)
  }

  func importBatch(_ id: ImportBatchID) throws -> ImportBatch {
    try db.importBatch(id)
  }

  func importBatches(of project: ProjectID, sha256: String) throws -> [ImportBatch] {
    try db.importBatches(of: project, sha256: sha256)
  }

  func nextID(of kind: NewRowKind) throws -> Int64 {
    try db.nextID(of: kind)
  }
}

extension SQLiteFacts {
  func reading(
    of project: ProjectID, _ side: ReadingOrder.Side, of key: ReadingOrder.Key,
    excluding: ReadingID?
  ) throws -> Reading? {
    try db.reading(of: project, side, of: key, excluding: excluding)
  }

  func firstFall(of project: ProjectID) throws -> MeterFall? {
    try db.firstFall(of: project)
  }
}
