import Foundation
import TallyCore
import TallyFiles
import TallyReports

extension Session {
  /// Writes every project's figures in Prometheus's text format: the last reading's time and
  /// amount, the running period's headline, the goal and its progress, whether it is due.
  func writeMetrics(to output: String?) throws(TallyError) {
    let projects = store.state.stored.projects.sorted { $0.project.title < $1.project.title }
    let now = self.now
    let query = StandingQuery(storage: storage, zone: zone, clock: { now })
    let standings = try query.standing(of: projects)
    var readings = PrometheusText.Family(
      name: "tally_readings", help: "Readings the project holds.")
    var lastTime = PrometheusText.Family(
      name: "tally_last_reading_timestamp_seconds",
      help: "When the project's latest reading was taken, in seconds since 1970 (UTC).")
    var lastAmount = PrometheusText.Family(
      name: "tally_last_reading_amount", help: "The amount of the project's latest reading.")
    var headline = PrometheusText.Family(
      name: "tally_period_headline",
      help:
        "The running report period's headline: the sum of a total, the last reading of a gauge, "
        + "the usage of a meter.")
    var goal = PrometheusText.Family(
      name: "tally_goal_amount", help: "The amount of the project's goal for each period.")
    var progress = PrometheusText.Family(
      name: "tally_goal_progress_ratio",
      help: "The running goal period's headline as a share of the goal (1 is the goal).")
    var met = PrometheusText.Family(
      name: "tally_goal_on_track",
      help: "1 when the running goal period is met or on track by its forecast, else 0.")
    var due = PrometheusText.Family(
      name: "tally_due",
      help: "1 when the current period of the project's frequency has no reading.")
    for summary in projects {
      let project = summary.project
      let labels = [
        ("project", project.title), ("kind", project.kind.rawValue), ("units", project.units),
      ]
      readings.samples.append((labels, Double(summary.readingCount)))
      let standing = standings[project.id]
      due.samples.append((labels, (standing?.periodsMissed).map { _ in 1 } ?? 0))
      let figures = try storage.withAggregates(of: project.id) { aggregates in
        let last = try aggregates.reading(
          .before, of: ReadingOrder.Key(Timestamp(microsecondsSince1970: .max), id: .max))
        let calendar = PeriodCalendar(period: project.reportPeriod, zone: zone)
        let current = calendar.period(containing: now)
        let report = try ReportBuilder(calendar: calendar, includesEmpty: true, now: now)
          .report(of: project, from: current.start, to: current.end, over: aggregates)
        // A total's running period without readings sums to 0; a level or usage is unknown.
        let row = report.rows.first
        return (last, project.kind == .total ? row?.sum : row?.plottedHeadline(project.kind))
      }
      if let last = figures.0 {
        lastTime.samples.append(
          (labels, Double(last.timestamp.microsecondsSince1970) / 1_000_000))
        lastAmount.samples.append((labels, last.amount))
      }
      if let value = figures.1 { headline.samples.append((labels, value)) }
      if let current = project.goal {
        goal.samples.append((labels, current.amount))
        if let period = standing?.goalPeriod {
          if let share = period.progress(project.kind) {
            progress.samples.append((labels, share / 100))
          }
          let report = ProjectReport(project: project, period: current.per, rows: [period])
          if let state = GoalStanding(report)?.state {
            met.samples.append(
              (labels, state == .met || state == .onTrack || state == .early ? 1 : 0))
          }
        }
      }
    }
    let text = PrometheusText(
      families: [readings, lastTime, lastAmount, headline, goal, progress, met, due]
    ).text
    if let output {
      try AtomicFile.write(text, to: output)
    } else {
      messages.output(text)
    }
  }
}
