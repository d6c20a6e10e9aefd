import ArgumentParser
import TallyApp
import TallyCore

/// `tally goals`: where every goal stands in its running period.
struct GoalsCommand: TallyCommand {
  static let configuration = CommandConfiguration(
    commandName: "goals",
    abstract: "List every goal's state now: on track, at risk, missed or met.",
    discussion: """
      Each goal's running period: the headline so far, its forecast at the pace so far (a \
      gauge's by the trend of its last periods), and what each day left needs. met: an \
      at-least goal's sum or usage has reached it; missed: an at-most goal's is over it; \
      otherwise on track or at risk by the forecast. For cron: --exit-code exits with 3 when \
      one is at risk or missed. `tally goals --format csv` writes \
      project,period,goal,goal_is,headline,progress,forecast,needed_per_day,state.
      """)

  static let syntax = CommandSyntax(
    options: [.value("--format", values: ListFormat.allValueStrings), .flag("--exit-code")])

  @OptionGroup var global: GlobalOptions
  @Option(help: "table, csv or json.") var format: ListFormat = .table
  @Flag(help: "Exit with 3 when a goal is at risk or missed (0 otherwise).") var exitCode = false

  func request() -> UserRequest {
    .showGoals(format, exitCode: exitCode)
  }
}
