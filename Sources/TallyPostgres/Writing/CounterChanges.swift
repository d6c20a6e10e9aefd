import TallyCore

/// What a change did to the readings of each project, for the project counters.
struct CounterChanges {
  /// How many readings each project gained (negative: lost).
  var added: [ProjectID: Int] = [:]
  /// The newest reading time added to each project.
  var latest: [ProjectID: Int64] = [:]
  /// The projects that lost or moved a reading: their latest reading time is read again.
  var recount: Set<ProjectID> = []

  /// The projects whose counters change, in id order (updates in one order everywhere).
  var projects: [ProjectID] {
    Set(added.keys).union(latest.keys).union(recount).sorted { $0.rawValue < $1.rawValue }
  }

  mutating func added(_ reading: Reading) {
    added(1, to: reading.projectID, latest: reading.timestamp.microsecondsSince1970)
  }

  /// `count` readings came into `project`, the newest at `time`.
  mutating func added(_ count: Int, to project: ProjectID, latest time: Int64?) {
    added[project, default: 0] += count
    if let time { latest[project] = max(latest[project] ?? .min, time) }
  }

  /// A reading was changed, perhaps moved to another project: the times are read again.
  mutating func moved(from before: ProjectID, to after: ProjectID) {
    added[before, default: 0] -= 1
    added[after, default: 0] += 1
    recount.formUnion([before, after])
  }

  mutating func removed(_ count: Int, from project: ProjectID) {
    added[project, default: 0] -= count
    recount.insert(project)
  }

  /// Readings set aside came back: their times are not known here, so they are read again.
  mutating func restored(_ count: Int, to project: ProjectID) {
    added[project, default: 0] += count
    recount.insert(project)
  }
}
