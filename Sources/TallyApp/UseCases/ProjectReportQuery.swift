public import Foundation
public import TallyCore
import TallyReports

/// A project's report read from storage: the storage sums each period's range.
public struct ProjectReportQuery: Sendable {
  let storage: any Storage
  let zone: TimeZone

  /// Creates a query over `storage`, with periods in `zone`'s calendar.
  public init(storage: any Storage, zone: TimeZone) {
    self.storage = storage
    self.zone = zone
  }

  /// The report of `project` by `period`, over `from..<to` or all its readings.
  public func report(
    _ project: Project, period: ReportPeriod, from: Timestamp? = nil, to: Timestamp? = nil,
    includesEmpty: Bool = false
  ) throws(TallyError) -> ProjectReport {
    let builder = ReportBuilder(
      calendar: PeriodCalendar(period: period, zone: zone), includesEmpty: includesEmpty)
    // One read: the span and every period's figures see the same state of the storage.
    return try storage.withAggregates(of: project.id) { aggregates in
      try builder.report(of: project, from: from, to: to, over: aggregates)
    }
  }
}
