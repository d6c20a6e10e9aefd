import ArgumentParser
import TallyApp

/// `tally export`: every reading, in a form `tally import` reads back.
struct ExportCommand: TallyCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write every reading as CSV (project,timestamp,amount,note) or JSON.")

  static let syntax = CommandSyntax(
    options: [.value("--format", values: ExportFormat.allValueStrings)])

  @OptionGroup var global: GlobalOptions
  @Option(help: "csv or json.") var format: ExportFormat = .csv

  func request() -> UserRequest {
    .export(format)
  }
}
