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
  var isReset: Bool
  /// The tags joined by `,`; `NULL` for none (see ``Tags``).
  var tags: String?

  enum CodingKeys: String, CodingKey {
    case id, amount, timestamp, note, tags
    case projectID = "project_id"
    case batchID = "batch_id"
    case isReset = "is_reset"
  }

  enum Columns {
    static let id = Column(CodingKeys.id)
    static let projectID = Column(CodingKeys.projectID)
    static let timestamp = Column(CodingKeys.timestamp)
  }

  /// The reading columns, in the one order every statement that writes or copies readings
  /// lists them.
  static let columnNames = [
    "id", "project_id", "amount", "timestamp", "note", "batch_id", "is_reset", "tags",
  ]

  /// ``columnNames`` as SQL, each prefixed with `alias.` when given.
  static func columns(as alias: String? = nil) -> String {
    columnNames.map { column in alias.map { "\($0).\(column)" } ?? column }.joined(separator: ", ")
  }

  /// An insert of `rows` readings; without `ids`, SQLite gives them the next ids in order.
  static func insertSQL(ids: Bool = true, rows: Int = 1) -> String {
    let names = ids ? columnNames : Array(columnNames.dropFirst())
    let row = "(" + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
    return "INSERT INTO reading (\(names.joined(separator: ", "))) VALUES "
      + Array(repeating: row, count: rows).joined(separator: ", ")
  }

  /// An update of every column of the reading whose id is the last argument.
  static let updateSQL =
    "UPDATE reading SET "
    + columnNames.dropFirst().map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?"

  init(_ reading: Reading) {
    id = reading.id.rawValue
    projectID = reading.projectID.rawValue
    amount = reading.amount
    timestamp = reading.timestamp.microsecondsSince1970
    note = reading.note
    batchID = reading.batchID?.rawValue
    isReset = reading.isReset
    tags = Tags.stored(reading.tags)
  }

  /// The values of ``columnNames`` after the id, in order, for an insert or an update.
  static func values(of reading: Reading) -> [(any DatabaseValueConvertible)?] {
    [
      reading.projectID.rawValue, reading.amount, reading.timestamp.microsecondsSince1970,
      reading.note, reading.batchID?.rawValue, reading.isReset, Tags.stored(reading.tags),
    ]
  }

  /// The reading of a row whose first columns are ``columnNames``, in order: read by position,
  /// not through `Decodable`, which costs several times as much on a long walk.
  static func reading(at row: Row) -> Reading {
    Reading(
      id: ReadingID(rawValue: row[0]), projectID: ProjectID(rawValue: row[1]), amount: row[2],
      timestamp: Timestamp(microsecondsSince1970: row[3]), note: row[4],
      batchID: (row[5] as Int64?).map(ImportBatchID.init(rawValue:)), isReset: row[6],
      tags: Tags.read(row[7]))
  }

  /// The reading of the row `statement` stepped to, whose first columns are ``columnNames``:
  /// SQLite's own calls, for walks of millions (a dump), where GRDB's boxed row costs a
  /// fifth of the time.
  static func reading(at statement: RawStatement) -> Reading {
    Reading(
      id: ReadingID(rawValue: statement.int64(0)),
      projectID: ProjectID(rawValue: statement.int64(1)), amount: statement.double(2),
      timestamp: Timestamp(microsecondsSince1970: statement.int64(3)), note: statement.text(4),
      batchID: statement.isNull(5) ? nil : ImportBatchID(rawValue: statement.int64(5)),
      isReset: statement.int64(6) != 0, tags: Tags.read(statement.text(7)))
  }

  var reading: Reading {
    Reading(
      id: ReadingID(rawValue: id), projectID: ProjectID(rawValue: projectID), amount: amount,
      timestamp: Timestamp(microsecondsSince1970: timestamp), note: note,
      batchID: batchID.map(ImportBatchID.init(rawValue:)), isReset: isReset,
      tags: Tags.read(tags))
  }
}
