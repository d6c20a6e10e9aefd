import ArgumentParser
import TallyApp
import TallyCore

/// `tally export`: every reading, in a form `tally import` reads back.
struct ExportCommand: TallyCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write every reading as CSV (project,timestamp,amount,note) or JSON.",
    discussion: """
      A reset column follows when a project is a meter, and a tags column when a reading \
      has tags; `tally import` reads both back. With --projects FILE, every project's settings \
      (units, frequency, kind, decimals, group, goal) go into FILE: `tally import EXPORT \
      --projects FILE` makes the projects and brings their readings back.
      """)

  static let syntax = CommandSyntax(
    options: [.value("--format", values: ExportFormat.allValueStrings), .value("--projects")]
      + FilterOptions.syntax)

  @OptionGroup var global: GlobalOptions
  @Option(help: "csv or json.") var format: ExportFormat = .csv
  @OptionGroup var filter: FilterOptions
  @Option(
    help: ArgumentHelp(
      "Also write every project's settings into this CSV file, for `tally import --projects`.",
      valueName: "file"),
    completion: .file(), transform: { TypedPath.expanded($0) })
  var projects: String?

  func request() throws(TallyError) -> UserRequest {
    .export(format, try filter.filter(), projects: projects)
  }
}
