import Foundation
import GRDB
import TallyCore

/// A row of the `project` table.
struct ProjectRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "project"

  var id: Int64
  var title: String
  /// The title as compared for uniqueness: see `Project.titleKey`.
  var titleKey: String
  var units: String
  var frequency: String
  var kind: String
  var decimals: Int?
  /// Every goal set, as JSON.
  var goals: String
  /// The project's group, or `nil`.
  var groupName: String?
  var createdAt: Int64
  var updatedAt: Int64
  /// Kept up to date by every write, so the project list needs no scan of readings.
  var readingCount: Int
  var lastReadingAt: Int64?

  enum CodingKeys: String, CodingKey {
    case id, title, units, frequency, kind, decimals, goals
    case titleKey = "title_key"
    case groupName = "group_name"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    case readingCount = "reading_count"
    case lastReadingAt = "last_reading_at"
  }

  enum Columns {
    static let id = Column(CodingKeys.id)
    static let titleKey = Column(CodingKeys.titleKey)
    static let updatedAt = Column(CodingKeys.updatedAt)
  }

  init(_ project: Project) throws {
    id = project.id.rawValue
    title = project.title
    titleKey = Project.titleKey(project.title)
    units = project.units
    frequency = project.frequency.rawValue
    kind = project.kind.rawValue
    decimals = project.decimals
    goals = try project.storedGoalsJSON
    groupName = project.group
    createdAt = project.createdAt.microsecondsSince1970
    updatedAt = project.updatedAt.microsecondsSince1970
    readingCount = 0
    lastReadingAt = nil
  }

  /// The domain project; a frequency, kind or goal this version does not know is a storage
  /// error.
  func project() throws -> Project {
    try Project(
      storedID: id, title: title, units: units, frequency: frequency, kind: kind,
      decimals: decimals, goalsJSON: goals, group: groupName, createdAt: createdAt,
      updatedAt: updatedAt)
  }

  func summary() throws -> ProjectSummary {
    ProjectSummary(
      project: try project(), readingCount: readingCount,
      lastReadingAt: lastReadingAt.map(Timestamp.init(microsecondsSince1970:)))
  }
}
