public import ArgumentParser
public import TallyCore

/// A mistyped subcommand named with the one meant: `tally reprot` says "did you mean report?",
/// as a mistyped option does.
public enum CommandSuggestion {
  /// The options before a subcommand that take a value, whose value is no subcommand.
  private static let valueOptions: Set<String> = ["--db", "--user", "--tz", "--log-level"]

  /// The refusal of `words` when a word where a subcommand goes names none but is near one;
  /// `nil` when the words name their subcommands, or when no subcommand is near.
  public static func refusal(
    of words: [String], root: any ParsableCommand.Type, rootName: String
  ) -> TallyError? {
    var subcommands = root.configuration.subcommands
    var hasDefault = root.configuration.defaultSubcommand != nil
    var path = rootName.isEmpty ? [] : [rootName]
    var previous = ""
    for word in words {
      defer { previous = word }
      if word == "--" { return nil }
      if word.hasPrefix("-") || valueOptions.contains(previous) { continue }
      guard !subcommands.isEmpty, !hasDefault else { return nil }
      let names = subcommands.map { name(of: $0) }
      if let index = names.firstIndex(of: word) {
        let next = subcommands[index]
        subcommands = next.configuration.subcommands
        hasDefault = next.configuration.defaultSubcommand != nil
        path.append(word)
        continue
      }
      // A word cut short (`ad`, `sta`) means the one command it starts, else the nearest.
      let candidates = names.filter { $0 != "help" }
      let started = word.count >= 2 ? candidates.filter { $0.hasPrefix(word.lowercased()) } : []
      guard
        let meant = started.count == 1
          ? started.first : NearestWord.to(word, among: candidates)
      else {
        return nil
      }
      let command = path.joined(separator: " ")
      return TallyError(
        .invalidInput,
        (command.isEmpty ? "there is no command " : "\(command) has no command ")
          + "\(VisibleText.quoted(word)); did you mean \(meant)?",
        hint: command.isEmpty
          ? "`help` lists the commands." : "`\(command) --help` lists its commands.")
    }
    return nil
  }

  /// The name a command is typed by.
  private static func name(of command: any ParsableCommand.Type) -> String {
    let configuration = command.configuration
    return configuration.commandName ?? String(describing: command).lowercased()
  }
}
