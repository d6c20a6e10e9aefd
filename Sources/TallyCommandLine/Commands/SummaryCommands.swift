import ArgumentParser
import TallyApp
import TallyCore

/// `tally day [DATE]`: each project's figures for a day, as `timew summary` gives them.
struct DayCommand: TallyCommand {
  static let configuration = CommandConfiguration(
    commandName: "day",
    abstract: "Each project's amount for a day, with its tags and goal (default: today).")
  static let syntax = CommandSyntax(
    arguments: ["date"], lastArgumentRepeats: true,
    options: [.value("--format", values: ListFormat.allValueStrings)])

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The day: today, yesterday, mon, 2024-03-01, …; default: today.")
  var date: [String] = []
  @Option(help: "table, csv or json.") var format: ListFormat = .table

  func request() -> UserRequest {
    .showSummary(.daily, date: date.isEmpty ? nil : date.joined(separator: " "), format)
  }
}

/// `tally week [DATE]`: each project's figures for an ISO week, as `watson report` gives them.
struct WeekCommand: TallyCommand {
  static let configuration = CommandConfiguration(
    commandName: "week",
    abstract:
      "Each project's amount for the ISO week holding a date, with its tags and goal (default: "
      + "this week).")
  static let syntax = DayCommand.syntax

  @OptionGroup var global: GlobalOptions
  @Argument(help: "A day of the week: today, last mon, 2024-03-01, …; default: today.")
  var date: [String] = []
  @Option(help: "table, csv or json.") var format: ListFormat = .table

  func request() -> UserRequest {
    .showSummary(.weekly, date: date.isEmpty ? nil : date.joined(separator: " "), format)
  }
}
