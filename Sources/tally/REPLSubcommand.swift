import ArgumentParser
import Foundation
import TallyApp
import TallyCommandLine
import TallyCore
import TallyREPL

/// `tally repl` (and `tally` alone): the interactive screens, or a script of REPL lines.
struct REPLSubcommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "repl",
    abstract: "Browse and change projects on screens, or run a script of REPL commands.",
    discussion: """
      With a terminal on standard input, lines are edited with readline (history in \
      $XDG_STATE_HOME/tally/history, Tab completes). Otherwise, or with --script, lines are \
      read as they are, without prompts; the exit code is 1 if any line failed.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var entry: REPLOptions
  @Option(help: "Run the REPL commands in this file, one per line.", completion: .file())
  var script: String?

  func run() throws {
    try Self.start(global, entry, script: script)
  }

  /// Runs the REPL on the database `global` names.
  ///
  /// Only a person at a terminal resumes the screen the last session left, and only their
  /// navigation is remembered: a script or piped input starts at home every time.
  static func start(_ global: GlobalOptions, _ entry: REPLOptions, script: String? = nil) throws {
    let terminal = global.terminal
    let interactive = script == nil && terminal.input
    var options = try global.sessionOptions(
      resumingRoute: interactive, creating: true, showsScreens: true)
    if interactive { options.isInterrupted = { LineEditor.isInterruptPending } }
    let session = try Session(options)
    let environment = ProcessInfo.processInfo.environment
    let reader: any LineReader
    var source = "stdin"
    let console: Console
    if let script {
      reader = try PlainLineReader(path: script)
      source = script
      console = .standard(style: .plain, terminal: terminal)
    } else if interactive {
      // Detected for each screen: the terminal may be resized meanwhile.
      console = .standard(
        style: .detect(on: terminal, environment: environment), terminal: terminal)
      reader = LineEditor(
        historyPath: HistoryFile.path(
          environment: environment,
          homeDirectory: FileManager.default.homeDirectoryForCurrentUser.path))
    } else {
      reader = PlainLineReader()
      console = .standard(style: .plain, terminal: terminal)
    }
    let repl = REPL(
      session: session, reader: reader, console: console, source: source,
      pager: interactive ? Pager.chosen(environment: environment) : nil,
      startupFile: interactive && !entry.noRC ? startupFile(environment: environment) : nil,
      notes: global.timeZoneNote.map { [$0] } ?? [])
    if let editor = reader as? LineEditor {
      editor.complete = { [unowned repl] request in repl.complete(request) }
    }
    guard repl.run() else { throw ExitCode(ExitStatus.failure) }
  }

  /// The start-up file, when there is one; one that cannot be read is reported, and skipped.
  private static func startupFile(environment: [String: String]) -> StartupFile? {
    let path = StartupFile.path(
      environment: environment,
      homeDirectory: FileManager.default.homeDirectoryForCurrentUser.path)
    do {
      return try StartupFile.load(path: path)
    } catch {
      MessageSink.standard(on: .detect(environment: environment)).failure(error)
      return nil
    }
  }
}

/// The options of the interactive REPL's entry (`tally` alone and `tally repl`).
struct REPLOptions: ParsableArguments {
  @Flag(
    name: .customLong("no-rc"),
    help: "Do not run the start-up file ($XDG_CONFIG_HOME/tally/tallyrc).")
  var noRC = false
}

extension Console {
  /// The console over standard output and standard error.
  static func standard(
    style: @autoclosure @escaping () -> ConsoleStyle, terminal: Terminal
  ) -> Console {
    Console(
      style: style(), output: { MessageSink.writeToStandardOutput($0) },
      messages: MessageSink.writeToStandardError,
      progress: MessageSink.standardProgress(on: terminal))
  }
}
