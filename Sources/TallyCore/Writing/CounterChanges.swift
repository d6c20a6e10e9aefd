/// What a change did to the readings of each project, for the project counters: how many
/// each gained or lost, the newest time added, and which must read their latest time again.
public struct CounterChanges: Sendable {
  /// How many readings each project gained (negative: lost).
  public private(set) var added: [ProjectID: Int] = [:]
  /// The newest reading time added to each project.
  public private(set) var latest: [ProjectID: Int64] = [:]
  /// The projects that lost or moved a reading: their latest reading time is read again.
  public private(set) var recount: Set<ProjectID> = []

  /// The projects whose counters change, in id order (updates in one order everywhere).
  public var projects: [ProjectID] {
    Set(added.keys).union(latest.keys).union(recount).sorted { $0.rawValue < $1.rawValue }
  }

  /// Nothing changed yet.
  public init() {}

  /// A reading came into its project.
  public mutating func added(_ reading: Reading) {
    added(1, to: reading.projectID, latest: reading.timestamp.microsecondsSince1970)
  }

  /// `count` readings came into `project`, the newest at `time`.
  public mutating func added(_ count: Int, to project: ProjectID, latest time: Int64?) {
    added[project, default: 0] += count
    if let time { latest[project] = max(latest[project] ?? .min, time) }
  }

  /// A reading was changed, perhaps moved to another project: the times are read again.
  public mutating func moved(from before: ProjectID, to after: ProjectID) {
    added[before, default: 0] -= 1
    added[after, default: 0] += 1
    recount.formUnion([before, after])
  }

  /// `count` readings came into `project` at times not known here: its latest time is read
  /// again.
  public mutating func added(_ count: Int, toRecount project: ProjectID) {
    added[project, default: 0] += count
    recount.insert(project)
  }

  /// `count` readings left `project`.
  public mutating func removed(_ count: Int, from project: ProjectID) {
    added[project, default: 0] -= count
    recount.insert(project)
  }

  /// Readings set aside came back: their times are not known here, so they are read again.
  public mutating func restored(_ count: Int, to project: ProjectID) {
    added[project, default: 0] += count
    recount.insert(project)
  }
}
