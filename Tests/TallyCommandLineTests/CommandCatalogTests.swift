import TallyCommandLine
import TallyCore
import Testing

/// The catalog completion reads is written by hand beside each command (the argument parser
/// describes itself only through underscored API); these tests hold it to what the parser
/// takes and what its help shows, through the grammar's public `parse`.
@Suite struct CommandCatalogTests {
  /// Every command of the catalog that runs (has no subcommands), with its words.
  static let leaves: [(path: [String], command: CommandCatalog.Command)] = {
    func leaves(_ command: CommandCatalog.Command, _ path: [String]) -> [(
      path: [String], command: CommandCatalog.Command
    )] {
      command.subcommands.isEmpty
        ? [(path + [command.name], command)]
        : command.subcommands.flatMap { leaves($0, path + [command.name]) }
    }
    return CommandCatalog.tally().commands.filter { $0.name != "help" }.flatMap { leaves($0, []) }
  }()

  /// What the grammar makes of `words`: `nil` when it takes them (a request, help, or a
  /// failure of tally's own checks), else the argument parser's complaint.
  private func parserComplaint(_ words: [String]) -> String? {
    do {
      _ = try CommandLineGrammar.parse(words)
      return nil
    } catch {
      let complaints = [
        "Unknown option", "Unexpected argument", "Missing value for", "The value '",
      ]
      return complaints.contains { error.message.hasPrefix($0) } ? error.message : nil
    }
  }

  private func help(_ words: [String]) throws -> String {
    guard case .help(let text) = try CommandLineGrammar.parse(words + ["--help"]) else {
      Issue.record("no help for \(words)")
      return ""
    }
    return text
  }

  @Test func everyCommandIsNamedAsTheParserNamesIt() throws {
    #expect(Self.leaves.count == 30)
    for (path, _) in Self.leaves {
      let text = try help(path)
      #expect(
        text.contains("USAGE: tally \(path.joined(separator: " "))")
          || (path == ["import", "file"] && text.contains("USAGE: tally import <file>")),
        "\(path): \(text.prefix(200))")
    }
    let groups = CommandCatalog.tally().commands.filter { !$0.subcommands.isEmpty }
    for group in groups {
      let text = try help([group.name])
      for sub in group.subcommands {
        #expect(text.contains("\n  \(sub.name) "), "\(group.name) \(sub.name)")
      }
    }
  }

  @Test func theCatalogListsWhatHelpShows() throws {
    for (path, command) in Self.leaves {
      let shown = HelpSections(try help(path))
      let listed = command.options.map { option in
        HelpSections.Option(
          names: option.names, valueName: option.takesValue ? option.valueName : nil)
      }
      // Help writes a flag and its inversion on one line (`--reset/--no-reset`), so flags
      // are compared by their names.
      #expect(
        Set(shown.options.flatMap(\.names)) == Set(listed.flatMap(\.names)),
        "\(path): help shows \(shown.options), the catalog lists \(listed)")
      #expect(
        Set(shown.options.filter { $0.valueName != nil })
          == Set(listed.filter { $0.valueName != nil }),
        "\(path): help shows \(shown.options), the catalog lists \(listed)")
      #expect(shown.arguments == command.arguments, "\(path): arguments")
      #expect(shown.lastArgumentRepeats == command.lastArgumentRepeats, "\(path): repeats")
    }
  }

  /// The options a command cannot go without: the parser checks them before it looks for
  /// unknown options.
  static let needed: [[String]: [String]] = [
    ["project", "add"]: ["--frequency", "daily"], ["project", "edit"]: ["--units", "km"],
    ["item", "edit"]: ["--note", "x"], ["import", "file"]: ["--project", "Car"],
  ]

  @Test func theParserTakesEveryOptionTheCatalogLists() {
    for (path, command) in Self.leaves {
      let line = path + command.arguments.map { _ in "7" } + (Self.needed[path] ?? [])
      for option in command.options where !option.names.contains("--help") {
        let name = option.names[0]
        guard option.takesValue else {
          #expect(parserComplaint(line + [name]) == nil, "\(path) \(name)")
          continue
        }
        for value in option.values.isEmpty ? ["1"] : option.values {
          #expect(parserComplaint(line + [name, value]) == nil, "\(path) \(name) \(value)")
        }
        #expect(
          parserComplaint(line + [name])?.hasPrefix("Missing value for") == true,
          "\(path) \(name) takes a value")
        if !option.values.isEmpty {
          #expect(
            parserComplaint(line + [name, "no-such-value"])?.hasPrefix("The value '") == true,
            "\(path) \(name) takes only \(option.values)")
        }
      }
      #expect(
        parserComplaint(line + ["--no-such-option"])?.hasPrefix("Unknown option") == true,
        "\(path)")
      if !command.lastArgumentRepeats {
        #expect(
          parserComplaint(line + ["8"])?.hasPrefix("Unexpected argument") == true,
          "\(path) takes \(command.arguments.count) arguments")
      }
    }
  }
}

/// The options and arguments a command's help text shows.
private struct HelpSections {
  struct Option: Hashable, CustomStringConvertible {
    var names: [String]
    var valueName: String?
    var description: String { names.joined(separator: ",") + (valueName.map { " <\($0)>" } ?? "") }
  }

  var options: [Option] = []
  var arguments: [String] = []
  var lastArgumentRepeats = false

  /// Reads the `ARGUMENTS:` and `OPTIONS:` sections: an entry is a line indented by two
  /// spaces, its synopsis ends at the next two spaces.
  init(_ text: String) {
    var section = ""
    defer {
      // The usage line says which argument repeats: `[<titles> ...]`.
      lastArgumentRepeats = arguments.last.map { text.contains("<\($0)> ...") } ?? false
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !line.hasPrefix(" "), line.hasSuffix(":") {
        section = String(line)
        continue
      }
      guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
      let synopsis = String(line.dropFirst(2)).components(separatedBy: "  ")[0]
      if section == "ARGUMENTS:" {
        arguments.append(String(synopsis.drop { $0 == "<" }.prefix { $0 != ">" }))
      } else if section == "OPTIONS:" {
        let parts = synopsis.components(separatedBy: " <")
        options.append(
          Option(
            names: parts[0].components(separatedBy: "/").flatMap {
              $0.components(separatedBy: ", ")
            },
            valueName: parts.count > 1 ? String(parts[1].prefix { $0 != ">" }) : nil))
      }
    }
  }
}
