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

  /// The report of `project` by `period` (by default its goal's period, or else its
  /// frequency), over `from..<to` or all its readings; with its goal's streaks when
  /// `includesStreak` (they take a pass of their own over the goal's periods, so output that
  /// does not show them leaves them out).
  public func report(
    _ project: Project, period: ReportPeriod? = nil, from: Timestamp? = nil,
    to: Timestamp? = nil, includesEmpty: Bool = false, includesStreak: Bool = true
  ) throws(TallyError) -> ProjectReport {
    let builder = ReportBuilder(
      calendar: PeriodCalendar(
        period: period ?? project.reportPeriod, zone: zone),
      includesEmpty: includesEmpty, now: clock?())
    // One read: the span and every period's figures see the same state of the storage.
    return try storage.withAggregates(of: project.id) { aggregates in
      var report = try builder.report(of: project, within: from, to, over: aggregates)
      if includesStreak { report.streak = try builder.streak(of: project, over: aggregates) }
      return report
    }
  }
}
