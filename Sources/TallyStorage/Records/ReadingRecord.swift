import GRDB
import TallyCore

/// A row of the `reading` table.
struct ReadingRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "reading"

  var id: Int64
  var projectID: Int64
  var amount: Double
  /// Microseconds since 1970, so a timestamp reads back exactly as written.
  var timestamp: Int64
  var note: String?
  var batchID: Int64?

  enum CodingKeys: String, CodingKey {
    case id, amount, timestamp, note
    case projectID = "project_id"
    case batchID = "batch_id"
  }

  enum Columns {
    static let id = Column(CodingKeys.id)
    static let projectID = Column(CodingKeys.projectID)
    static let timestamp = Column(CodingKeys.timestamp)
  }

  init(_ reading: Reading) {
    id = reading.id.rawValue
    projectID = reading.projectID.rawValue
    amount = reading.amount
    timestamp = reading.timestamp.microsecondsSince1970
    note = reading.note
    batchID = reading.batchID?.rawValue
  }

  var reading: Reading {
    Reading(
      id: ReadingID(rawValue: id), projectID: ProjectID(rawValue: projectID), amount: amount,
      timestamp: Timestamp(microsecondsSince1970: timestamp), note: note,
      batchID: batchID.map(ImportBatchID.init(rawValue:)))
  }
}
