public import Foundation
public import TallyCore
import TallyReports

/// A project's report read from storage: the storage sums each period's range.
public struct ProjectReportQuery: Sendable {
  let storage: any Storage
  let zone: TimeZone
  let clock: (@Sendable () -> Timestamp)?

  /// Creates a query over `storage`, with periods in `zone`'s calendar; periods that have not
  /// ended by the time `clock` tells are running (without a clock, none is).
  public init(
    storage: any Storage, zone: TimeZone, clock: (@Sendable () -> Timestamp)? = nil
  ) {
    self.storage = storage
    self.zone = zone
    self.clock = clock
  }

  /// The report of `project` by `period`.
  ///
  /// By default the period is its goal's, or else its frequency; the report covers
  /// `from..<to` or all its readings; with its goal's streaks when
  /// `includesStreak` (they take a pass of their own over the goal's periods, so output that
  /// does not show them leaves them out). With `latestPeriods` (and no range), only the
  /// latest that many periods: what a screen shows costs what it shows, however long the
  /// project's history. `outlook` adds comparisons, a rolling mean and a forecast (which adds
  /// the running period when the report would end before it and `to` is not given).
  public func report(
    _ project: Project, period: ReportPeriod? = nil, from: Timestamp? = nil,
    to: Timestamp? = nil, includesEmpty: Bool = false, includesStreak: Bool = true,
    latestPeriods: Int? = nil, outlook: ReportOutlook = ReportOutlook()
  ) throws(TallyError) -> ProjectReport {
    // One read: the span and every period's figures see the same state of the storage.
    try storage.withAggregates(of: project.id) { aggregates in
      try report(
        project, period: period, from: from, to: to, includesEmpty: includesEmpty,
        includesStreak: includesStreak, latestPeriods: latestPeriods, outlook: outlook,
        over: aggregates)
    }
  }

  /// The report of `project` by `period` over `aggregates`, as
  /// ``report(_:period:from:to:includesEmpty:includesStreak:latestPeriods:outlook:)`` makes it.
  public func report(
    _ project: Project, period: ReportPeriod? = nil, from: Timestamp? = nil,
    to: Timestamp? = nil, includesEmpty: Bool = false, includesStreak: Bool = true,
    latestPeriods: Int? = nil, outlook: ReportOutlook = ReportOutlook(),
    over aggregates: any RangeAggregates
  ) throws -> ProjectReport {
    let calendar = PeriodCalendar(period: period ?? project.reportPeriod, zone: zone)
    let builder = ReportBuilder(
      calendar: calendar, includesEmpty: includesEmpty, now: clock?())
    var report: ProjectReport
    if let latestPeriods, from == nil, to == nil, let span = try aggregates.span() {
      report = try Self.latest(
        latestPeriods, of: project, in: span, calendar: calendar, builder: builder,
        over: aggregates)
    } else {
      report = try builder.report(of: project, within: from, to, over: aggregates)
    }
    if includesStreak { report.streak = try builder.streak(of: project, over: aggregates) }
    if !outlook.isEmpty {
      try builder.add(outlook, to: &report, addingRunningPeriod: to == nil, over: aggregates)
    }
    return report
  }

  /// The latest `count` periods of `project` that the report shows (periods without readings
  /// are left out unless the builder keeps them): a window of that many periods back from the
  /// last reading, twice as long each time it holds fewer, so that a screen of a sparse
  /// project fills up too.
  private static func latest(
    _ count: Int, of project: Project, in span: ClosedRange<Timestamp>,
    calendar: PeriodCalendar, builder: ReportBuilder, over aggregates: any RangeAggregates
  ) throws -> ProjectReport {
    var window = max(1, count)
    while true {
      var first = calendar.period(containing: span.upperBound)
      var periods = 1
      while periods < window, first.start > span.lowerBound {
        first = calendar.period(before: first)
        periods += 1
      }
      let startsLater = first.start > span.lowerBound
      var report = try builder.report(
        of: project, within: startsLater ? first.start : nil, nil, over: aggregates)
      if report.rows.count >= count || !startsLater {
        report.hasEarlierPeriods = startsLater || report.rows.count > count
        report.rows = Array(report.rows.suffix(count))
        return report
      }
      window *= 2
    }
  }
}
