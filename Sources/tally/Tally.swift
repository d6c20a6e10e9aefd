import ArgumentParser
import Foundation
import TallyApp
import TallyCommandLine
import TallyCore

/// The `tally` command: tracks numbers from a terminal.
@main
struct Tally: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tally",
    abstract: "Track numbers from a terminal: mileage a month, spend a day, hours on a project.",
    discussion: """
      Projects have a title, units and a frequency; readings have an amount, a time and an \
      optional note. Every change can be undone, also after a restart. TALLY_LOG=debug (or \
      --log-level debug) logs each action and its duration to standard error.
      """,
    version: "0.1.0",
    subcommands: CommandLineGrammar.subcommands + [
      MigrateCommand.self, BackupCommand.self, RestoreCommand.self, CheckCommand.self,
      ShareCommand.self, UnshareCommand.self, TeamCommand.self, REPLSubcommand.self,
    ]
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var entry: REPLOptions

  /// Without a subcommand: the REPL.
  func run() throws {
    try REPLSubcommand.start(global, entry)
  }

  /// The refusal of an argument that is not UTF-8 text (Swift reads it with U+FFFD in place of
  /// the bytes it cannot, which would be stored as a title or a note without a word).
  static func notUTF8() -> TallyError? {
    for index in 1..<Int(CommandLine.argc) {
      guard let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) == nil
      else { continue }
      return TallyError(
        .invalidInput,
        "argument \(index) is not UTF-8 text: "
          + VisibleText.quoted(CommandLine.arguments[index]),
        hint: "Give it as UTF-8 (iconv converts other encodings).")
    }
    return nil
  }

  /// Parses and runs the command, with the contract's exit codes: 0 success, 1 a failed
  /// operation, 2 a usage error (swift-argument-parser's own code for those is 64).
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let refusal = notUTF8()
      ?? CommandSuggestion.refusal(
        of: arguments, root: Tally.self, rootName: "tally")
    {
      MessageSink.standard(on: .detect(environment: ProcessInfo.processInfo.environment)).failure(
        refusal)
      exit(withError: ExitCode(ExitStatus.usageError))
    }
    do {
      var command = try parseAsRoot(NegativeNumbers.escape(arguments))
      try command.run()
    } catch let error as TallyError {
      MessageSink.standard(on: .detect(environment: ProcessInfo.processInfo.environment)).failure(
        error)
      exit(
        withError: ExitCode(
          error.kind == .interrupted ? ExitStatus.interrupted : ExitStatus.failure))
    } catch {
      let code = exitCode(for: error)
      guard code == .validationFailure else { exit(withError: error) }
      MessageSink.standard(on: .detect(environment: ProcessInfo.processInfo.environment)).status(
        fullMessage(for: error))
      exit(withError: ExitCode(ExitStatus.usageError))
    }
  }
}
