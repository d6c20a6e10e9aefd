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
  /// project's history.
  public func report(
    _ project: Project, period: ReportPeriod? = nil, from: Timestamp? = nil,
    to: Timestamp? = nil, includesEmpty: Bool = false, includesStreak: Bool = true,
    latestPeriods: Int? = nil
  ) throws(TallyError) -> ProjectReport {
    let calendar = PeriodCalendar(period: period ?? project.reportPeriod, zone: zone)
    let builder = ReportBuilder(
      calendar: calendar, includesEmpty: includesEmpty, now: clock?())
    // One read: the span and every period's figures see the same state of the storage.
    return try storage.withAggregates(of: project.id) { aggregates in
      var start = from
      var earlier = false
      if let latestPeriods, from == nil, to == nil, let span = try aggregates.span() {
        var first = calendar.period(containing: span.upperBound)
        for _ in 1..<max(1, latestPeriods) where first.start > span.lowerBound {
          first = calendar.period(before: first)
        }
        if first.start > span.lowerBound {
          start = first.start
          earlier = true
        }
      }
      var report = try builder.report(of: project, within: start, to, over: aggregates)
      report.hasEarlierPeriods = earlier
      if includesStreak { report.streak = try builder.streak(of: project, over: aggregates) }
      return report
    }
  }
}
