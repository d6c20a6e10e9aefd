/// The quarters whose rollups a write has made stale, per project.
///
/// They are the times of the readings it added, changed or took away. The storage sums those
/// quarters (and their days) again from the readings before the transaction commits.
public struct StaleRollups: Sendable {
  /// Runs of stale quarters per project, as noted.
  private var quarters: [ProjectID: Runs] = [:]
  /// The least number of runs that are joined: joining fewer costs more than it saves.
  static let runsBeforeJoining = 65_536

  /// One project's runs, joined whenever they have doubled.
  ///
  /// They may hold twice what the last joining left, at least ``runsBeforeJoining``. So they
  /// are bounded by the quarters the readings span, not by how many readings there are (an
  /// import of 10M readings, sorted in chunks, notes millions of runs over a few hundred
  /// thousand quarters).
  private struct Runs: Sendable {
    var list: [ClosedRange<Int64>] = []
    var joinAt = StaleRollups.runsBeforeJoining

    mutating func append(_ run: ClosedRange<Int64>) {
      list.append(run)
      guard list.count >= joinAt else { return }
      list = list.joinedRuns()
      joinAt = max(StaleRollups.runsBeforeJoining, 2 * list.count)
    }
  }

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
    append(
      level.bucket(of: first.microsecondsSince1970)...level.bucket(of: last.microsecondsSince1970),
      to: project)
  }

  /// Notes that `project` has no readings left.
  public mutating func clear(_ project: ProjectID) {
    cleared.insert(project)
    quarters[project] = nil
    if current?.project == project { current = nil }
  }

  /// The stale quarters of `project`, sorted and joined where they touch or overlap.
  public func runs(of project: ProjectID) -> [ClosedRange<Int64>] {
    var runs = quarters[project]?.list ?? []
    if let current, current.project == project { runs.append(current.run) }
    return runs.joinedRuns()
  }

  /// How many runs are held for `project`: bounded by the quarters noted, not the notes.
  func storedRunCount(of project: ProjectID) -> Int {
    (quarters[project]?.list.count ?? 0) + (current?.project == project ? 1 : 0)
  }

  private mutating func closeCurrentRun() {
    guard let current else { return }
    self.current = nil
    append(current.run, to: current.project)
  }

  /// Adds `run` to `project`'s runs: one look-up of the project.
  private mutating func append(_ run: ClosedRange<Int64>, to project: ProjectID) {
    quarters[project, default: Runs()].append(run)
  }
}
