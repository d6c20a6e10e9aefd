import Foundation
import TallyCore
import TallyReports

/// Every goal's standing, in each output format: `project,period,goal,goal_is,headline,
/// progress,forecast,needed_per_day,state`.
struct GoalListing {
  let goals: [GoalStanding]
  /// The terminal's columns, which a table fits; `nil` off a terminal.
  var width: Int?

  static let header = [
    "project", "period", "goal", "goal_is", "headline", "progress", "forecast", "needed_per_day",
    "state",
  ]

  func write(_ format: ListFormat, to output: OutputBuffer) {
    switch format {
    case .table:
      guard !goals.isEmpty else {
        output.say("No project has a goal. `tally project edit TITLE --goal AMOUNT` sets one.")
        return
      }
      var table = TextTable(columns: [
        .init("PROJECT", .text), .init("PERIOD"), .init("GOAL", .text), .init("SO FAR", .right),
        .init("PROGRESS", .right), .init("FORECAST", .right), .init("PER DAY LEFT", .right),
        .init("STATE"),
      ])
      for standing in goals {
        let project = standing.project
        let row = standing.period
        let kind = project.kind
        table.append([
          project.title, row.period.label, standing.goal.description(for: project),
          ReportNumber.forPeople(row.judgedHeadline(kind), of: project),
          ReportValue.percent(
            standing.goal.progress(of: row.judgedHeadline(kind))
          ).forPeople(decimals: nil),
          ReportNumber.forPeople(row.forecast, of: project),
          ReportNumber.forPeople(row.neededPerDay, of: project),
          standing.state.rawValue,
        ])
      }
      output.write(table.render(width: width))
    case .csv:
      output.write(CSVWriter.line(Self.header))
      for standing in goals {
        output.write(CSVWriter.line(fields(standing).map { $0.csv }))
      }
    case .json:
      output.write(
        JSONWriter.array(
          goals.map { standing in
            JSONWriter.object(Array(zip(Self.header, fields(standing).map(\.json))))
          }))
    }
  }

  /// One goal's fields, in the header's order.
  private func fields(_ standing: GoalStanding) -> [ListField] {
    let row = standing.period
    let kind = standing.project.kind
    return [
      .text(standing.project.title), .plain(row.period.label),
      .number(standing.goal.amount), .plain(standing.goal.direction.rawValue),
      .number(row.judgedHeadline(kind)),
      .number(standing.goal.progress(of: row.judgedHeadline(kind))),
      .number(row.forecast),
      .number(row.neededPerDay), .plain(standing.state.rawValue),
    ]
  }
}
