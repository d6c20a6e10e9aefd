import ArgumentParser
import TallyApp

/// `tally undo`: revert the last change, also after a restart.
struct UndoCommand: TallyCommand {
  static let configuration = CommandConfiguration(
    commandName: "undo", abstract: "Revert the last change.")
  static let syntax = CommandSyntax()

  @OptionGroup var global: GlobalOptions

  func request() -> UserRequest {
    .undo
  }
}

/// `tally redo`: apply the last undone change again.
struct RedoCommand: TallyCommand {
  static let configuration = CommandConfiguration(
    commandName: "redo", abstract: "Apply the last undone change again.")
  static let syntax = CommandSyntax()

  @OptionGroup var global: GlobalOptions

  func request() -> UserRequest {
    .redo
  }
}

/// `tally log`: the recent changes, newest first.
struct LogCommand: TallyCommand {
  static let configuration = CommandConfiguration(
    commandName: "log", abstract: "List the recent changes, newest first.")
  static let syntax = CommandSyntax(
    options: [.value("--limit"), .value("--format", values: ListFormat.allValueStrings)])

  @OptionGroup var global: GlobalOptions
  @Option(help: "How many changes to show.") var limit = 20
  @Option(help: "table, csv or json.") var format: ListFormat = .table

  func validate() throws {
    guard limit > 0 else { throw ValidationError("--limit must be more than 0") }
  }

  func request() -> UserRequest {
    .showLog(limit: limit, format)
  }
}
