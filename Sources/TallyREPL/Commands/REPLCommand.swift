import TallyCommandLine
import TallyCore
import TallyReports
import TallyState

/// A line of the REPL, understood: a move between screens, a change, or a subcommand to run
/// with the same parser as on the command line.
enum REPLCommand: Equatable {
  /// Leave the REPL.
  case quit
  /// Show this route instead.
  case go([Route])
  /// Go back one screen.
  case back
  /// Open a screen on top of this one.
  case push(Route)
  /// Show the report screen's report by another period.
  case period(ReportPeriod)
  /// Delete a project, asking first unless `confirmed`.
  case deleteProject(ProjectID, confirmed: Bool)
  /// Delete a reading, asking first unless `confirmed`.
  case deleteReading(ReadingID, confirmed: Bool)
  /// Run a subcommand with these words.
  case subcommand([String])
  /// Lay reading lists out this way; `nil` says how they are laid out now.
  case view(ReadingLayout?)
  /// Turn the pager on or off; `nil` says whether it is on.
  case pager(Bool?)
  /// Show the current screen again every so many seconds, until Ctrl-C.
  case watch(seconds: Double)

  /// The commands every screen (but a form) takes, besides the subcommands.
  static let everywhere = [
    "open", "back", "home", "go", "help", "quit", "exit", "new", "view", "pager", "watch",
  ]

  /// Commands on a project's screen that stand for subcommands on that project:
  /// `add 42` is `item add TITLE 42`. (`import FILE` there also gets `--project TITLE`.)
  static let projectShortcuts: [String: [String]] = [
    "add": ["item", "add"], "start": ["timer", "start"], "stop": ["timer", "stop"],
    "cancel": ["timer", "cancel"], "switch": ["timer", "switch"], "resume": ["timer", "resume"],
    "track": ["track"],
    "list": ["item", "list"], "report": ["report"],
  ]

  /// Understands the words of a line typed on the screen that `state`'s route shows.
  ///
  /// - Parameters:
  ///   - words: The line's words; not empty.
  ///   - state: The state the line is typed in.
  ///   - isSubcommand: Whether a word names a subcommand.
  /// - Returns: What the line asks for.
  /// - Throws: ``TallyError`` when the line names nothing that works here.
  static func parse(
    _ words: [String], in state: AppState, isSubcommand: (String) -> Bool
  ) throws(TallyError) -> REPLCommand {
    guard let name = words.first else { return .subcommand([]) }
    let arguments = Array(words.dropFirst())
    // `tally report …` typed as in the shell: the REPL's own words are the same without it.
    if name == "tally", !arguments.isEmpty {
      return try parse(arguments, in: state, isSubcommand: isSubcommand)
    }
    let route = state.navigation.route
    let projectID = AppState.routedProjectID(in: route)
    switch name {
    case "quit", "exit":
      return .quit
    case "back":
      return .back
    case "home":
      return .go([.home])
    case "help" where arguments.isEmpty:
      return .push(.help)
    case "help":
      return .subcommand(arguments + ["--help"])
    case "open":
      guard arguments.count == 1 else {
        throw TallyError(
          .invalidInput, "open takes one project: its number or its title",
          hint: arguments.count > 1
            ? "Quote a title with spaces: open \(CommandWords.quoted(arguments.joined(separator: " ")))"
            : nil)
      }
      // On a group's screen, `open N` opens its Nth project, and back comes back to it.
      if case .group(let group) = route.last {
        let project = try RouteAddress.project(arguments[0], inGroup: group, in: state)
        if project.project.isInGroup(group) {
          return .go(route + [.project(project.id)])
        }
        return .go([.home, .project(project.id)])
      }
      return .go([.home, try RouteAddress.projectOrGroup(arguments[0], in: state)])
    case "go":
      guard arguments.count == 1 else {
        throw TallyError(.invalidInput, "go takes one path, such as home/Mileage/report")
      }
      return .go(try RouteAddress.route(arguments[0], in: state))
    case "new" where arguments.isEmpty:
      return .push(.newProject)
    case "view":
      return .view(try DisplayCommands.view(arguments))
    case "pager":
      return .pager(try DisplayCommands.pager(arguments))
    case "watch":
      return .watch(seconds: try DisplayCommands.watch(arguments))
    case "period":
      guard route.last == .report else {
        throw TallyError(.invalidInput, "period works on a report's screen; `report` opens one")
      }
      guard arguments.count == 1, let period = ReportPeriod(rawValue: arguments[0].lowercased())
      else {
        throw TallyError(
          .invalidInput,
          "period takes one of daily, weekly, monthly, quarterly, yearly"
            + (arguments.isEmpty ? "" : "; not '\(arguments.joined(separator: " "))'"))
      }
      return .period(period)
    default:
      break
    }
    if route.last == .report, let period = ReportPeriod(rawValue: name), arguments.isEmpty {
      return .period(period)
    }
    // On a group's screen, `report` reports the group (`report --group NAME`) unless the line
    // names what to report.
    if name == "report", case .group(let group) = route.last {
      let namesProjects =
        arguments.contains("--all") || arguments.contains("--group")
        || arguments.first.flatMap { state.project(titled: $0) } != nil
      return .subcommand(
        ["report"] + (namesProjects ? [] : ["--group", state.group(named: group)?.name ?? group])
          + arguments)
    }
    if let projectID, let project = state.project(id: projectID) {
      if let command = try projectCommand(name, arguments, project: project, in: state) {
        return command
      }
    }
    guard isSubcommand(name) else {
      let known =
        everywhere + projectShortcuts.keys.sorted() + CommandCatalog.tally().commands.map(\.name)
      // A word that is a command elsewhere (`add` off a project's screen) gets the hint instead.
      let meant = known.contains(name) ? nil : NearestWord.to(name, among: known)
      throw TallyError(
        .invalidInput,
        "unknown command '\(name)'" + (meant.map { "; did you mean \($0)?" } ?? ""),
        hint: projectID == nil && projectShortcuts[name] != nil
          ? "`\(name)` works on a project's screen: `open TITLE` first, or use the subcommand."
          : "`help` lists the commands; Tab completes them.")
    }
    return .subcommand(words)
  }

  private static func projectCommand(
    _ name: String, _ arguments: [String], project: ProjectSummary, in state: AppState
  ) throws(TallyError) -> REPLCommand? {
    switch name {
    case "report" where arguments.isEmpty:
      guard state.navigation.route.last == .report else { return .push(.report) }
      // On the report's screen, which shows the latest periods that fit: the whole report, by
      // the screen's period, as the screen's last line offers.
      return .subcommand(
        ["report", project.project.title]
          + (state.reportOnScreen.map { ["--period", $0.period.rawValue] } ?? []))
    case "edit" where arguments.isEmpty:
      return .push(.editProject)
    case "edit":
      let id = try readingID(arguments[0])
      guard arguments.count == 1 else {
        // `edit 12 --amount 40 --note ""` is `item edit 12 …`, as in the shell.
        return .subcommand(["item", "edit", String(id.rawValue)] + arguments.dropFirst())
      }
      _ = try ReadingForm.reading(id, in: state)
      return .push(.editReading(id))
    case "import":
      // `import FILE` on a project's screen imports into it, unless told otherwise.
      guard let first = arguments.first, !["list", "undo"].contains(first),
        !arguments.contains("--project")
      else { return nil }
      return .subcommand(["import"] + arguments + ["--project", project.project.title])
    case "delete":
      let confirmed = arguments.contains("--yes")
      let rest = arguments.filter { $0 != "--yes" }
      switch rest.count {
      case 0: return .deleteProject(project.id, confirmed: confirmed)
      case 1: return .deleteReading(try readingID(rest[0]), confirmed: confirmed)
      default:
        throw TallyError(
          .invalidInput, "delete takes at most one reading id; `delete` alone deletes the project")
      }
    default:
      guard let path = projectShortcuts[name] else { return nil }
      // A line that names its project (`report Car`, `add Car 42`, `report --all`) is the
      // subcommand as typed; the screen's title goes in only where none is.
      let namesProject =
        arguments.contains("--all")
        || (arguments.first.flatMap { state.project(titled: $0) } != nil
          && (name != "add" || arguments.count >= 2))
      return .subcommand(path + (namesProject ? [] : [project.project.title]) + arguments)
    }
  }

  private static func readingID(_ text: String) throws(TallyError) -> ReadingID {
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard let value = Int64(digits), value > 0 else {
      throw TallyError(.invalidInput, "'\(text)' is not a reading id (the #12 of the list)")
    }
    return ReadingID(rawValue: value)
  }
}
