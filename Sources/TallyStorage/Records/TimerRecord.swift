import GRDB
import TallyCore

/// A row of the `timer` table: a running timer, which survives a restart.
struct TimerRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "timer"

  var projectID: Int64
  var startedAt: Int64
  var note: String?
  var tags: String?

  enum CodingKeys: String, CodingKey {
    case projectID = "project_id"
    case startedAt = "started_at"
    case note, tags
  }

  enum Columns {
    static let projectID = Column(CodingKeys.projectID)
  }

  init(_ timer: RunningTimer) {
    projectID = timer.projectID.rawValue
    startedAt = timer.startedAt.microsecondsSince1970
    note = timer.note
    tags = Tags.stored(timer.tags)
  }

  var timer: RunningTimer {
    RunningTimer(
      projectID: ProjectID(rawValue: projectID),
      startedAt: Timestamp(microsecondsSince1970: startedAt), note: note, tags: Tags.read(tags))
  }
}
