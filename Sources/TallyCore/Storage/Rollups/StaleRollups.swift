/// The quarters whose rollups a write has made stale, per project.
///
/// They are the times of the readings it added, changed or took away. The storage sums those
/// quarters (and their days) again from the readings before the transaction commits.
public struct StaleRollups: Sendable {
  /// Runs of stale quarters per project, as noted.
  private var quarters: [ProjectID: [ClosedRange<Int64>]] = [:]
  /// The run being noted: readings noted in time order (an import's) extend it, so that a
  /// million of them make one run, not a million.
  private var current: (project: ProjectID, run: ClosedRange<Int64>)?
  /// Projects whose rollups are all gone (their readings set aside or the project deleted).
  public private(set) var cleared: Set<ProjectID> = []

  /// Nothing stale.
  public init() {}

  /// The projects with stale quarters.
  public var projects: [ProjectID] {
    Set(quarters.keys).union(current.map { [$0.project] } ?? []).sorted {
      $0.rawValue < $1.rawValue
    }
  }

  /// Notes a reading of `project` at `time`.
  public mutating func note(_ project: ProjectID, at time: Timestamp) {
    let quarter = RollupLevel.quarter.bucket(of: time.microsecondsSince1970)
    if let current, current.project == project,
      quarter >= current.run.lowerBound - 1, quarter <= current.run.upperBound + 1
    {
      self.current = (
        project,
        min(current.run.lowerBound, quarter)...max(current.run.upperBound, quarter)
      )
      return
    }
    closeCurrentRun()
    current = (project, quarter...quarter)
  }

  /// Notes readings of `project` from `first` to `last`.
  public mutating func note(_ project: ProjectID, from first: Timestamp, to last: Timestamp) {
    let level = RollupLevel.quarter
    quarters[project, default: []].append(
      level.bucket(of: first.microsecondsSince1970)...level.bucket(of: last.microsecondsSince1970))
  }

  /// Notes that `project` has no readings left.
  public mutating func clear(_ project: ProjectID) {
    cleared.insert(project)
    quarters[project] = nil
    if current?.project == project { current = nil }
  }

  /// The stale quarters of `project`, sorted and joined where they touch or overlap.
  public func runs(of project: ProjectID) -> [ClosedRange<Int64>] {
    var runs = quarters[project] ?? []
    if let current, current.project == project { runs.append(current.run) }
    return runs.joinedRuns()
  }

  private mutating func closeCurrentRun() {
    guard let current else { return }
    quarters[current.project, default: []].append(current.run)
    self.current = nil
  }
}
