import ArgumentParser
import TallyApp

/// `tally due`: the projects whose current period has no reading yet.
struct DueCommand: TallyCommand {
  static let configuration = CommandConfiguration(
    commandName: "due",
    abstract: "List the projects due a reading: their current period has none yet.",
    discussion: """
      A project is due when the current day, week, month, quarter or year of its frequency \
      has no reading; MISSED counts the whole periods before it without one since the last \
      reading (or since the project was created). For cron or a shell prompt: \
      `tally due --format csv` writes project,frequency,last_reading,periods_missed.
      """)

  static let syntax = CommandSyntax(
    options: [.value("--format", values: ListFormat.allValueStrings), .flag("--exit-code")])

  @OptionGroup var global: GlobalOptions
  @Option(help: "table, csv or json.") var format: ListFormat = .table
  @Flag(help: "Exit with 3 when any project is due (0 when none), for cron and shell prompts.")
  var exitCode = false

  func request() -> UserRequest {
    .showDue(format, exitCode: exitCode)
  }
}
