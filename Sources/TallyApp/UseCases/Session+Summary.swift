import Foundation
import TallyCore
import TallyReports

/// One project's line of a day or a week (`tally day`, `tally week`): what it came to, by tag,
/// and where its goal stands.
struct SummaryLine {
  var project: Project
  /// The period's figures: count, and the headline of the project's kind.
  var figures: PeriodSummary?
  /// A total's sum per tag, in tag order, over the period's readings that carry the tag, and
  /// how many they are.
  var tags: [(tag: String, sum: Double, count: Int)]
  /// The goal's period that holds the date asked about (the day itself for a goal per day in
  /// a day's summary), with the goal it is judged by; `nil` without a goal.
  var goal: PeriodSummary?
}

extension Session {
  /// `tally day [DATE]` and `tally week [DATE]`: each project's figures for the day or ISO
  /// week that holds DATE (default: today), with its tags and goal.
  func showSummary(_ period: ReportPeriod, of date: String?, _ format: ListFormat)
    throws(TallyError)
  {
    let instant = try timestamp(date, for: period == .daily ? "day" : "week")
    let span = PeriodCalendar(period: period, zone: zone).period(containing: instant)
    let query = ProjectReportQuery(storage: storage, zone: zone, clock: clock)
    let projects = ProjectGroup.listedByTitle(store.state.stored.projects).map(\.1.project)
    var lines: [SummaryLine] = []
    for project in projects {
      let report = try query.report(
        project, period: period, from: span.start, to: span.end, includesStreak: false)
      var sums: [String: (sum: Double, count: Int)] = [:]
      if project.kind == .total {
        try storage.forEachReading(of: project.id, from: span.start, to: span.end) { reading in
          for tag in reading.tags {
            sums[tag, default: (0, 0)].sum += reading.amount
            sums[tag, default: (0, 0)].count += 1
          }
        }
      }
      var goal: PeriodSummary?
      // A goal judges from the project's first reading on, as reports do: a period that
      // ended before it has no verdict.
      let first = try storage.withAggregates(of: project.id) { try $0.span()?.lowerBound }
      if let per = project.goal?.per, let first,
        case let goalSpan = PeriodCalendar(period: per, zone: zone).period(containing: instant),
        first < goalSpan.end
      {
        goal =
          try query.report(
            project, period: per, from: goalSpan.start, to: goalSpan.end, includesEmpty: true,
            includesStreak: false
          ).rows.first { $0.period.start == goalSpan.start }
      }
      lines.append(
        SummaryLine(
          project: project, figures: report.rows.first { $0.hasFigures },
          tags: sums.sorted { $0.key < $1.key }.map { ($0.key, $0.value.sum, $0.value.count) },
          goal: goal))
    }
    SummaryListing(period: span, lines: lines, width: display.width)
      .write(format, to: OutputBuffer(messages))
  }
}
