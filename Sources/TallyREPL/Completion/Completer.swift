import TallyCommandLine
import TallyCore
import TallyReports
import TallyState

/// The word being completed and what comes before it on the line.
public struct CompletionRequest: Equatable, Sendable {
  /// The line before the word.
  public var before: String
  /// The word as typed so far, without an opening quote.
  public var word: String
  /// The quote the word opened with, if any.
  public var quote: Character?

  /// Creates a request.
  public init(before: String, word: String, quote: Character? = nil) {
    self.before = before
    self.word = word
    self.quote = quote
  }
}

/// What completes a word.
public struct CompletionResult: Equatable, Sendable {
  /// The words that could follow, as they would be typed.
  public var candidates: [String]
  /// Whether the word is a file path, which the line editor completes from the file system.
  public var completesFiles: Bool

  /// Creates a result.
  public init(candidates: [String] = [], completesFiles: Bool = false) {
    self.candidates = candidates
    self.completesFiles = completesFiles
  }
}

/// Completes what is typed from what the current screen takes: its commands, then a
/// command's subcommands, option names, option values (frequencies, periods, formats),
/// project titles, reading ids and file paths.
struct Completer {
  let catalog: CommandCatalog
  let state: AppState
  /// The commands the screen adds.
  let screenCommands: [String]

  func complete(_ request: CompletionRequest) -> CompletionResult {
    let words = CommandWords.splitLeniently(request.before)
    let typed = request.word
    guard let first = words.first else {
      let names = REPLCommand.everywhere + screenCommands + catalog.commands.map(\.name)
      return matching(unique(names), typed)
    }
    switch first {
    case "open":
      return words.count == 1
        ? titles(typed, request.quote, groups: true) : CompletionResult()
    case "go": return words.count == 1 ? paths(typed) : CompletionResult()
    case "help":
      return words.count == 1 ? matching(catalog.commands.map(\.name), typed) : CompletionResult()
    case "period":
      return words.count == 1
        ? matching(ReportPeriod.allCases.map(\.rawValue), typed) : CompletionResult()
    case "view":
      return words.count == 1
        ? matching(ReadingLayout.allCases.map(\.rawValue), typed) : CompletionResult()
    case "pager":
      return words.count == 1 ? matching(["on", "off"], typed) : CompletionResult()
    case "edit", "delete":
      let ids = state.stored.openProject?.readings.map { "\($0.id.rawValue)" } ?? []
      return words.count == 1 ? matching(ids, typed) : CompletionResult()
    default:
      break
    }
    var path = words
    var impliedArguments = 0
    if state.routedProjectID != nil, let shortcut = REPLCommand.projectShortcuts[first] {
      path = shortcut + words.dropFirst()
      impliedArguments = 1
    }
    guard var command = catalog.command(path[0]) else { return CompletionResult() }
    var index = 1
    while index < path.count, let sub = command.subcommand(path[index]) {
      command = sub
      index += 1
    }
    if index == path.count, !command.subcommands.isEmpty {
      let names = matching(command.subcommands.map(\.name), typed)
      guard names.candidates.isEmpty, let fallback = command.defaultSubcommand else {
        return names
      }
      command = command.subcommand(fallback) ?? command
    } else if let fallback = command.defaultSubcommand, let sub = command.subcommand(fallback) {
      command = sub
    }
    let rest = Array(path[index...])
    if let last = rest.last, let option = command.option(last), option.takesValue {
      if !option.values.isEmpty { return matching(option.values, typed) }
      if last == "--group" {
        let names = state.groups.map(\.name)
        return matching(request.quote == nil ? names.map(CommandWords.quoted) : names, typed)
      }
      if ["file", "path"].contains(option.valueName ?? "")
        || ["--template", "--output"]
          .contains(last)
      {
        return CompletionResult(completesFiles: true)
      }
      return CompletionResult()
    }
    if typed.hasPrefix("-") {
      let names = command.options.flatMap(\.names).filter {
        $0.hasPrefix("--") && !["--db", "--tz", "--version"].contains($0)
      }
      return matching(names, typed)
    }
    let position = positionals(in: rest, of: command) + impliedArguments
    let argument =
      position < command.arguments.count
      ? command.arguments[position]
      : (command.lastArgumentRepeats ? command.arguments.last : nil)
    switch argument {
    case "title", "titles", "project": return titles(typed, request.quote)
    case "file", "path": return CompletionResult(completesFiles: true)
    case "id":
      let ids = state.stored.openProject?.readings.map { "\($0.id.rawValue)" } ?? []
      return matching(ids, typed)
    default: return CompletionResult()
    }
  }

  /// How many positional arguments `words` hold, skipping options and their values.
  private func positionals(in words: [String], of command: CommandCatalog.Command) -> Int {
    var count = 0
    var skipNext = false
    for word in words {
      if skipNext {
        skipNext = false
      } else if word.hasPrefix("--") || (word.hasPrefix("-") && Double(word) == nil) {
        skipNext = command.option(word)?.takesValue ?? false
      } else {
        count += 1
      }
    }
    return count
  }

  /// The project titles (and with `groups`, the group names) that start as typed.
  private func titles(
    _ typed: String, _ quote: Character?, groups: Bool = false
  ) -> CompletionResult {
    let titles =
      state.stored.projects.map(\.project.title)
      + (groups ? state.groups.map(\.name).filter { state.project(titled: $0) == nil } : [])
    let found = titles.filter { $0.lowercased().hasPrefix(typed.lowercased()) }.sorted()
    return CompletionResult(
      candidates: quote == nil ? found.map(CommandWords.quoted) : found)
  }

  private func paths(_ typed: String) -> CompletionResult {
    // A title with a space or a slash cannot stand in a path; its number can (`go 2/report`).
    let titles = state.stored.projects.map(\.project.title).filter {
      !$0.contains(" ") && !$0.contains("/")
    }
    var names = ["home", "help"] + titles.map { "home/\($0)" }
    names += titles.map { "home/\($0)/report" }
    return matching(names, typed)
  }

  private func matching(_ names: [String], _ typed: String) -> CompletionResult {
    CompletionResult(candidates: names.filter { $0.hasPrefix(typed) }.sorted())
  }

  private func unique(_ names: [String]) -> [String] {
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }
  }
}
