import Foundation
import TallyCore
import TallyReports
import TallyStorage

/// A project's report read from the database: the database sums each period's range.
struct ProjectReportQuery {
  let database: TallyDatabase
  let zone: TimeZone

  /// The report of `project` by `period`, over `from..<to` or all its readings.
  func report(
    _ project: Project, period: ReportPeriod, from: Timestamp? = nil, to: Timestamp? = nil,
    includesEmpty: Bool = false
  ) throws(TallyError) -> ProjectReport {
    let builder = ReportBuilder(
      calendar: PeriodCalendar(period: period, zone: zone), includesEmpty: includesEmpty)
    // One read: the span and every period's figures see the same state of the database.
    return try database.withAggregates(of: project.id) { aggregator in
      let span = try aggregator.span()
      guard
        let start = from ?? span?.lowerBound,
        let end = to
          ?? span.map({ Timestamp(microsecondsSince1970: $0.upperBound.microsecondsSince1970 + 1) })
      else {
        return ProjectReport(project: project, period: period, rows: [])
      }
      return try builder.report(
        of: project, from: start, to: end,
        aggregate: { start, end in
          let figures = try aggregator.aggregate(from: start, to: end)
          return Aggregate(
            count: figures.count, sum: figures.sum, min: figures.min, max: figures.max)
        },
        nextReading: aggregator.firstReading(atOrAfter:))
    }
  }
}
