import Foundation
import TallyCore
import TallyReports

/// A day or a week across projects (`tally day`, `tally week`), in each output format: a row
/// per project with figures or a goal, and under a total a row per tag its readings carry.
///
/// CSV and JSON rows: `period,project,tag,units,readings,amount,goal,goal_is,goal_period,
/// goal_so_far,goal_progress,goal_met`; `tag` is empty on a project's row, and the goal
/// fields on a tag's.
struct SummaryListing {
  let period: Period
  let lines: [SummaryLine]
  /// The terminal's columns, which a table fits; `nil` off a terminal.
  var width: Int?

  static let header = [
    "period", "project", "tag", "units", "readings", "amount", "goal", "goal_is", "goal_period",
    "goal_so_far", "goal_progress", "goal_met",
  ]

  /// The projects that have something to say for the period: readings, or a goal.
  private var shown: [SummaryLine] {
    lines.filter { $0.figures != nil || $0.goal?.goal != nil }
  }

  func write(_ format: ListFormat, to output: OutputBuffer) {
    switch format {
    case .table: writeTable(to: output)
    case .csv:
      output.write(CSVWriter.line(Self.header))
      for fields in rows() { output.write(CSVWriter.line(fields.map(\.csv))) }
    case .json:
      output.write(
        JSONWriter.array(
          rows().map { fields in JSONWriter.object(Array(zip(Self.header, fields.map(\.json)))) }
        ))
    }
  }

  private func writeTable(to output: OutputBuffer) {
    let heading =
      period.label.contains("W")
      ? "Week \(period.label)" : "\(Self.weekday(of: period.label)) \(period.label)"
    guard !shown.isEmpty else {
      output.say("\(heading): nothing recorded.")
      return
    }
    var table = TextTable(columns: [
      .init("PROJECT", .text), .init("READINGS", .right), .init("AMOUNT", .right),
      .init("GOAL", .text),
    ])
    var seconds = 0.0
    for line in shown {
      let project = line.project
      let headline = line.figures?.headline(project.kind)
      table.append([
        VisibleText.escaped(project.title), line.figures.map { "\($0.count)" } ?? "0",
        headline.map { ReportNumber.withUnits($0, of: project) } ?? "",
        goalText(line),
      ])
      for (tag, sum, count) in line.tagRows {
        table.append([
          "  #" + VisibleText.escaped(tag), "\(count)", ReportNumber.withUnits(sum, of: project),
          "",
        ])
      }
      if project.kind == .total, let unit = TimeUnit(naming: project.units), let headline {
        seconds += headline * unit.seconds
      }
    }
    output.write(heading + "\n" + table.render(width: width))
    if seconds != 0 {
      output.write("Time in all: \(DurationFormat.clock(seconds / 3_600, unit: .hours)) (h:mm)\n")
    }
  }

  /// `at least 2:00 h a day: 2:30 h, 125%, met`, or empty without a goal.
  private func goalText(_ line: SummaryLine) -> String {
    guard let row = line.goal, let goal = row.goal else { return "" }
    let project = line.project
    let kind = project.kind
    var text = goal.description(for: project)
    if row.period.label != period.label { text += " (\(row.period.label))" }
    guard let headline = row.judgedHeadline(kind) else { return text + ": nothing yet" }
    text += ": " + ReportNumber.withUnits(headline, of: project)
    if let progress = row.progress(kind) {
      text += ", " + ReportValue.percent(progress).forPeople(decimals: nil)
    }
    switch row.met(kind) {
    case true?: text += ", met"
    case false?: text += ", missed"
    case nil: if row.isRunning { text += " so far" }
    }
    return text
  }

  /// Every row's fields, in the header's order.
  private func rows() -> [[ListField]] {
    var rows: [[ListField]] = []
    for line in shown {
      let project = line.project
      let kind = project.kind
      let goal = line.goal?.goal
      rows.append([
        .plain(period.label), .text(project.title), .plain(""), .text(project.units),
        .count(line.figures?.count ?? 0), .number(line.figures?.headline(kind)),
        .number(goal?.amount), .plain(goal?.direction.rawValue ?? ""),
        .plain(goal == nil ? "" : line.goal?.period.label ?? ""),
        .number(goal == nil ? nil : line.goal?.judgedHeadline(kind)),
        .number(goal == nil ? nil : line.goal?.progress(kind)),
        .verdict(goal == nil ? nil : line.goal?.met(kind)),
      ])
      for (tag, sum, count) in line.tagRows {
        rows.append([
          .plain(period.label), .text(project.title), .text(tag), .text(project.units),
          .count(count), .number(sum), .number(nil), .plain(""), .plain(""), .number(nil),
          .number(nil), .verdict(nil),
        ])
      }
    }
    return rows
  }

  /// `Monday` for `2024-03-04`.
  private static func weekday(of label: String) -> String {
    let fields = label.split(separator: "-").compactMap { Int($0) }
    guard fields.count == 3 else { return "" }
    let days = CivilTime(year: fields[0], month: fields[1], day: fields[2]).daysSince1970
    let names = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]
    return names[Int((days % 7 + 7) % 7)]
  }
}

extension SummaryLine {
  /// Each tag's sum and how many of the period's readings carry it.
  var tagRows: [(String, Double, Int)] { tags.map { ($0.tag, $0.sum, $0.count) } }
}
