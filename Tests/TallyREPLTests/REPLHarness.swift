import Flow
import Foundation
import Routing
import TallyApp
import TallyCommandLine
import TallyCore
import TallyReports
import TallyState
import TallyStorage
import Testing

@testable import TallyREPL

/// A REPL over a real session on an in-memory database, reading the lines it is given and
/// keeping what it writes, at a fixed time in UTC.
final class REPLHarness {
  let database: TallyDatabase
  let session: Session
  let reader: ScriptedLines
  let repl: REPL
  private let captured = Captured()

  /// The session's store.
  var store: Store<AppState, TallyAction> { session.store }
  /// What was written to standard output.
  var output: String { captured.output }
  /// What was written to standard error.
  var messages: String { captured.messages }

  /// What the REPL wrote.
  private final class Captured {
    var width: Int?
    var output = ""
    var messages = ""
  }

  static let now = Timestamp(microsecondsSince1970: 1_763_800_000_000_000)

  init(interactive: Bool = false, width: Int? = nil, startupFile: StartupFile? = nil) throws {
    database = try TallyDatabase.inMemory()
    session = try Session(
      storage: database,
      options: SessionOptions(
        location: DatabaseLocation(option: ":memory:", environment: [:], homeDirectory: "/"),
        zone: .gmt, clock: { REPLHarness.now }, showsScreens: true))
    reader = ScriptedLines(interactive: interactive)
    let captured = captured
    captured.width = width
    let console = Console(
      style: ConsoleStyle(colors: false, width: captured.width),
      output: { [captured] in captured.output += $0 },
      messages: { [captured] in captured.messages += $0 })
    // The screen tests look at the screen the REPL starts on, as a person sees it.
    repl = REPL(
      session: session, reader: reader, console: console, showsStartScreen: true,
      startupFile: startupFile)
  }

  /// The terminal's width, as the console finds it for each screen.
  var width: Int? {
    get { captured.width }
    set { captured.width = newValue }
  }

  /// Runs `lines` as a script; returns whether all succeeded.
  @discardableResult
  func run(_ lines: String...) -> Bool {
    reader.lines += lines
    return repl.run()
  }

  /// Forgets what was written so far.
  func clear() {
    captured.output = ""
    captured.messages = ""
  }

  /// Adds a project directly through the store.
  @discardableResult
  func addProject(_ title: String, units: String = "", frequency: Frequency = .monthly) throws
    -> ProjectID
  {
    try store.perform(
      .addProject(NewProject(title: title, units: units, frequency: frequency), at: Self.now))
    return try #require(store.state.project(titled: title)).id
  }

  /// The subcommands as the grammar describes them.
  static let catalog = CommandCatalog.tally()
}

/// Lines given in advance, as if typed (interactive) or read from a script.
final class ScriptedLines: LineReader {
  var lines: [String] = []
  let isInteractive: Bool
  private(set) var prompts: [String] = []
  private(set) var remembered: [String] = []

  init(interactive: Bool) {
    isInteractive = interactive
  }

  func readLine(prompt: String) -> LineInput {
    prompts.append(prompt)
    guard !lines.isEmpty else { return .end }
    let line = lines.removeFirst()
    return line == "^C" ? .interrupted : .line(line)
  }

  func remember(_ line: String) {
    remembered.append(line)
  }
}
