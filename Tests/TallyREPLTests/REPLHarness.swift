import Flow
import Foundation
import Routing
import TallyCore
import TallyReports
import TallyStorage
import Testing

@testable import TallyREPL

/// A REPL over an in-memory database, reading the lines it is given and keeping what it
/// writes, at a fixed time in UTC.
final class REPLHarness {
  let database: TallyDatabase
  let store: Store<AppState, TallyAction>
  let reader: ScriptedLines
  let repl: REPL
  private let captured = Captured()

  /// What was written to standard output.
  var output: String { captured.output }
  /// What was written to standard error.
  var messages: String { captured.messages }
  /// The subcommands the REPL ran.
  var subcommands: [[String]] { captured.subcommands }

  /// What the REPL wrote and ran.
  private final class Captured {
    var width: Int?
    var output = ""
    var messages = ""
    var subcommands: [[String]] = []
  }

  static let now = Timestamp(microsecondsSince1970: 1_763_800_000_000_000)

  init(interactive: Bool = false, width: Int? = nil, route: [Route] = [.home]) throws {
    database = try TallyDatabase.inMemory()
    store = Store(
      state: AppState(navigation: NavigationState(route: route), stored: try database.snapshot()),
      reducer: AppState.reducer,
      middleware: [PersistenceMiddleware(database: database)])
    reader = ScriptedLines(interactive: interactive)
    let captured = captured
    captured.width = width
    let console = Console(
      style: ConsoleStyle(colors: false, width: captured.width),
      output: { [captured] in captured.output += $0 },
      messages: { [captured] in captured.messages += $0 })
    let database = database
    let store = store
    let services = REPLServices(
      runSubcommand: { [captured] words throws(TallyError) in
        captured.subcommands.append(words)
        try Self.fakeSubcommand(words, store: store)
      },
      report: { project, period throws(TallyError) in
        let builder = ReportBuilder(
          calendar: PeriodCalendar(period: period, zone: .gmt), includesEmpty: false)
        return try database.withAggregates(of: project.id) { aggregator in
          guard let span = try aggregator.span() else {
            return ProjectReport(project: project, period: period, rows: [])
          }
          return try builder.report(
            of: project, from: span.lowerBound,
            to: Timestamp(microsecondsSince1970: span.upperBound.microsecondsSince1970 + 1)
          ) { start, end in
            let figures = try aggregator.aggregate(from: start, to: end)
            return Aggregate(
              count: figures.count, sum: figures.sum, min: figures.min, max: figures.max)
          }
        }
      },
      reloadIfChangedElsewhere: { _ throws(TallyError) in nil },
      catalog: { Self.catalog },
      now: { Self.now },
      zone: .gmt)
    // The screen tests look at the screen the REPL starts on, as a person sees it.
    repl = REPL(
      store: store, services: services, reader: reader, console: console, showsStartScreen: true)
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

  /// A stand-in for tally's parser: enough of `item add` for the screens to have readings.
  static func fakeSubcommand(
    _ words: [String], store: Store<AppState, TallyAction>
  ) throws(TallyError) {
    guard words.count >= 4, words[0] == "item", words[1] == "add" else { return }
    guard let project = store.state.project(titled: words[2]) else {
      throw TallyError(.notFound, "there is no project titled '\(words[2])'")
    }
    guard let amount = Double(words[3]) else {
      throw TallyError(.invalidInput, "amount '\(words[3])' is not a number")
    }
    let note = words.firstIndex(of: "--note").map { words[$0 + 1] }
    try store.perform(
      .addReading(
        NewReading(projectID: project.id, amount: amount, timestamp: now, note: note), at: now))
  }

  static let catalog = CommandCatalog(commands: [
    .init(
      name: "project", abstract: "Create, list, change and delete projects.",
      subcommands: [
        .init(
          name: "add",
          options: [
            .init(
              names: ["--frequency"], takesValue: true, values: ["daily", "monthly", "yearly"]),
            .init(names: ["--units"], takesValue: true),
          ], arguments: ["title"])
      ]),
    .init(
      name: "item", abstract: "Add, list, change and delete readings.",
      subcommands: [
        .init(
          name: "add",
          options: [
            .init(names: ["--at"], takesValue: true), .init(names: ["--note"], takesValue: true),
          ], arguments: ["project", "amount"])
      ]),
    .init(
      name: "import", abstract: "Import readings from a CSV file.",
      subcommands: [
        .init(
          name: "file", options: [.init(names: ["--project"], takesValue: true)],
          arguments: ["file"]),
        .init(name: "list"),
      ], defaultSubcommand: "file"),
    .init(
      name: "report", abstract: "Count, sum, min, max and mean per period.",
      options: [
        .init(
          names: ["--period"], takesValue: true,
          values: ["daily", "weekly", "monthly", "quarterly", "yearly"]),
        .init(names: ["--format"], takesValue: true, values: ["table", "csv", "markdown", "json"]),
        .init(names: ["--db"], takesValue: true, valueName: "path"),
      ], arguments: ["titles"], lastArgumentRepeats: true),
    .init(name: "undo", abstract: "Undo the last change."),
  ])
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
