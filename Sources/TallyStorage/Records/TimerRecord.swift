import GRDB
import TallyCore

/// A row of the `timer` table: a running timer, which survives a restart.
struct TimerRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "timer"

  var projectID: Int64
  var startedAt: Int64

  enum CodingKeys: String, CodingKey {
    case projectID = "project_id"
    case startedAt = "started_at"
  }

  enum Columns {
    static let projectID = Column(CodingKeys.projectID)
  }

  init(_ timer: RunningTimer) {
    projectID = timer.projectID.rawValue
    startedAt = timer.startedAt.microsecondsSince1970
  }

  var timer: RunningTimer {
    RunningTimer(
      projectID: ProjectID(rawValue: projectID),
      startedAt: Timestamp(microsecondsSince1970: startedAt))
  }
}
