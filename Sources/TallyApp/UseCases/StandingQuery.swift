public import Foundation
public import TallyCore
public import TallyReports

/// How projects stand at the time the clock tells: which are due a reading and how many
/// periods they missed, and how each goal's current period is going.
public struct StandingQuery: Sendable {
  let storage: any Storage
  let zone: TimeZone
  let clock: @Sendable () -> Timestamp

  /// Creates a query over `storage`, with periods in `zone`'s calendar.
  public init(storage: any Storage, zone: TimeZone, clock: @escaping @Sendable () -> Timestamp) {
    self.storage = storage
    self.zone = zone
    self.clock = clock
  }

  /// The standing of each project in `projects`.
  ///
  /// Whether a project is due comes from its latest reading's time, which the project list
  /// keeps: only a project with a reading after the current period (a reading dated ahead)
  /// or a goal asks the storage anything.
  public func standing(of projects: [ProjectSummary]) throws(TallyError)
    -> [ProjectID: ProjectStanding]
  {
    let now = clock()
    var result: [ProjectID: ProjectStanding] = [:]
    var asking: [ProjectID: ProjectSummary] = [:]
    for summary in projects {
      let project = summary.project
      result[project.id] = ProjectStanding(periodsMissed: try periodsMissed(summary, now: now))
      if project.goal != nil || summary.readingCount > 0 { asking[project.id] = summary }
    }
    // One read for all the projects that ask the storage.
    try storage.withAggregates(of: projects.map(\.id).filter { asking[$0] != nil }) {
      id, aggregates in
      guard let summary = asking[id] else { return }
      let project = summary.project
      result[id]?.goalPeriod = try Self.goalPeriod(
        of: project, now: now, zone: zone, over: aggregates)
      if summary.readingCount > 0 {
        result[id]?.trend = try trend(of: project, now: now, over: aggregates)
      }
    }
    return result
  }

  /// The running period of `project`'s goal, with its forecast; `nil` without a goal.
  static func goalPeriod(
    of project: Project, now: Timestamp, zone: TimeZone, over aggregates: any RangeAggregates
  ) throws -> PeriodSummary? {
    guard let goal = project.goal else { return nil }
    let calendar = PeriodCalendar(period: goal.per, zone: zone)
    let current = calendar.period(containing: now)
    let builder = ReportBuilder(calendar: calendar, includesEmpty: true, now: now)
    var report = try builder.report(
      of: project, from: current.start, to: current.end, over: aggregates)
    try builder.add(
      ReportOutlook(forecast: true), to: &report, addingRunningPeriod: false, over: aggregates)
    return report.rows.first
  }

  /// Where each goal stands in its running period, by title.
  public func goals(of projects: [ProjectSummary]) throws(TallyError) -> [GoalStanding] {
    let now = clock()
    var result: [GoalStanding] = []
    for summary in projects.sorted(by: { $0.project.title < $1.project.title }) {
      let project = summary.project
      guard project.goal != nil else { continue }
      let period = try storage.withAggregates(of: project.id) { aggregates in
        try Self.goalPeriod(of: project, now: now, zone: zone, over: aggregates)
      }
      guard let period,
        let standing = GoalStanding(
          ProjectReport(project: project, period: period.goal?.per ?? .daily, rows: [period]))
      else { continue }
      result.append(standing)
    }
    return result
  }

  /// How many report periods a project's trend holds at most: the widest sparkline.
  public static let trendLength = 30

  /// The headlines of each project's recent report periods, as ``standing(of:)`` gives them,
  /// and nothing else.
  public func trends(of projects: [ProjectSummary]) throws(TallyError) -> [ProjectID: [Double?]] {
    let now = clock()
    var result: [ProjectID: [Double?]] = [:]
    let counted = projects.filter { $0.readingCount > 0 }
    let byID = Dictionary(counted.map { ($0.id, $0.project) }, uniquingKeysWith: { $1 })
    try storage.withAggregates(of: counted.map(\.id)) { id, aggregates in
      guard let project = byID[id] else { return }
      result[id] = try trend(of: project, now: now, over: aggregates)
    }
    return result
  }

  /// The headlines of the project's last ``trendLength`` report periods up to the one
  /// running at `now`, from the period of its first reading at the earliest.
  private func trend(
    of project: Project, now: Timestamp, over aggregates: any RangeAggregates
  ) throws -> [Double?] {
    let calendar = PeriodCalendar(period: project.reportPeriod, zone: zone)
    guard let span = try aggregates.span() else { return [] }
    var window = [calendar.period(containing: now)]
    while window.count < Self.trendLength, let first = window.first,
      first.start > span.lowerBound
    {
      window.insert(calendar.period(before: first), at: 0)
    }
    guard let first = window.first, let last = window.last else { return [] }
    // Only the periods with figures are summed; the builder skips empty stretches in one
    // index step each, and they are gaps in the window.
    let builder = ReportBuilder(calendar: calendar, includesEmpty: false, now: now)
    let rows = try builder.report(of: project, from: first.start, to: last.end, over: aggregates)
      .rows
    let headlines = Dictionary(
      rows.map { ($0.period.start, $0.plottedHeadline(project.kind)) }, uniquingKeysWith: { $1 })
    return window.map { headlines[$0.start] ?? nil }
  }

  /// The projects due a reading now, in the order given.
  public func due(_ projects: [ProjectSummary]) throws(TallyError) -> [DueProject] {
    let now = clock()
    var result: [DueProject] = []
    for summary in projects {
      if let due = try due(summary, now: now) { result.append(due) }
    }
    return result
  }

  private func periodsMissed(_ summary: ProjectSummary, now: Timestamp) throws(TallyError) -> Int? {
    try due(summary, now: now)?.periodsMissed
  }

  /// The project as due, when the current period of its frequency has no reading: how many
  /// whole periods before it passed without one, since its last reading before the current
  /// period; `nil` when it has one.
  private func due(_ summary: ProjectSummary, now: Timestamp) throws(TallyError) -> DueProject? {
    let calendar = PeriodCalendar(period: summary.project.frequency, zone: zone)
    let current = calendar.period(containing: now)
    var last = summary.lastReadingAt
    if let latest = last, latest >= current.start {
      guard latest >= current.end else { return nil }
      // A reading dated ahead: look for one in the current period, and the last before it.
      let (inCurrent, before) = try storage.withAggregates(of: summary.id) { aggregates in
        (
          try aggregates.firstReading(atOrAfter: current.start).map { $0 < current.end }
            ?? false,
          try aggregates.reading(.before, of: .start(of: current.start))?.timestamp
        )
      }
      guard !inCurrent else { return nil }
      last = before
    }
    let since = calendar.index(of: last ?? summary.project.createdAt)
    // Without a reading, the period the project was created in counts as missed too, unless
    // it is the current one.
    let missed = calendar.index(of: now) - since - (last == nil ? 0 : 1)
    return DueProject(summary: summary, lastReading: last, periodsMissed: Int(max(0, missed)))
  }
}

/// A project due a reading.
public struct DueProject: Equatable, Sendable {
  /// The project.
  public var summary: ProjectSummary
  /// Its last reading before the current period, if any: where the missed periods start.
  public var lastReading: Timestamp?
  /// The whole periods between that reading's (or the project's creation) and the current one.
  public var periodsMissed: Int
}
