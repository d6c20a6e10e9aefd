import GRDB
import TallyCore

/// A row of the `import_batch` table.
struct ImportBatchRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "import_batch"

  var id: Int64
  var projectID: Int64
  var fileName: String
  var sha256: String
  var at: Int64
  var imported: Int
  var duplicates: Int
  var skipped: Int
  var firstReadingID: Int64?
  var lastReadingID: Int64?
  var undone: Bool
  /// How the import read the file, as JSON; `nil` for imports made before it was kept.
  var settings: String?

  enum CodingKeys: String, CodingKey {
    case id, sha256, at, imported, duplicates, skipped, undone, settings
    case projectID = "project_id"
    case fileName = "file_name"
    case firstReadingID = "first_reading_id"
    case lastReadingID = "last_reading_id"
  }

  enum Columns {
    static let id = Column(CodingKeys.id)
    static let projectID = Column(CodingKeys.projectID)
    static let sha256 = Column(CodingKeys.sha256)
  }

  init(_ batch: ImportBatch) throws {
    id = batch.id.rawValue
    projectID = batch.projectID.rawValue
    fileName = batch.fileName
    sha256 = batch.sha256
    at = batch.at.microsecondsSince1970
    imported = batch.imported
    duplicates = batch.duplicates
    skipped = batch.skipped
    firstReadingID = batch.readingIDs?.lowerBound
    lastReadingID = batch.readingIDs?.upperBound
    undone = batch.isUndone
    settings = try batch.settings?.storedJSON
  }

  var batch: ImportBatch {
    get throws {
      ImportBatch(
        id: ImportBatchID(rawValue: id), projectID: ProjectID(rawValue: projectID),
        fileName: fileName, sha256: sha256, at: Timestamp(microsecondsSince1970: at),
        imported: imported, duplicates: duplicates, skipped: skipped,
        readingIDs: firstReadingID.flatMap { first in lastReadingID.map { first...$0 } },
        isUndone: undone, settings: try ImportSettings(storedJSON: settings))
    }
  }
}

extension Database {
  func importBatch(_ id: ImportBatchID) throws -> ImportBatch {
    guard let record = try ImportBatchRecord.fetchOne(self, key: id.rawValue) else {
      throw TallyError(
        .notFound, "there is no import \(id)", hint: "`tally import list` shows the imports.")
    }
    return try record.batch
  }

  func importBatches(of project: ProjectID, sha256: String) throws -> [ImportBatch] {
    try ImportBatchRecord
      .filter(
        ImportBatchRecord.Columns.projectID == project.rawValue
          && ImportBatchRecord.Columns.sha256 == sha256
      )
      .fetchAll(self).map { try $0.batch }
  }
}
