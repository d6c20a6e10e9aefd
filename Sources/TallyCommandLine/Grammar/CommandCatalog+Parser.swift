import ArgumentParser
import Foundation

extension CommandCatalog {
  /// The catalog of the grammar's subcommands, read from the argument parser's description of
  /// itself (`_dumpHelp()`, what `--experimental-dump-help` prints), so completion offers
  /// exactly what the parser takes.
  public static func tally() -> CommandCatalog {
    let text = SessionLine._dumpHelp()
    guard let tool = try? JSONDecoder().decode(ToolDescription.self, from: Data(text.utf8)) else {
      return CommandCatalog(commands: [])
    }
    return CommandCatalog(commands: (tool.command.subcommands ?? []).map(\.catalogCommand))
  }
}

/// The parts of the argument parser's self-description that completion uses.
private struct ToolDescription: Decodable {
  struct Command: Decodable {
    var commandName: String
    var abstract: String?
    var subcommands: [Command]?
    var arguments: [Argument]?
    var defaultSubcommand: String?

    var catalogCommand: CommandCatalog.Command {
      let shown = (arguments ?? []).filter { $0.shouldDisplay ?? true }
      let positionals = shown.filter { $0.kind == "positional" }
      return CommandCatalog.Command(
        name: commandName, abstract: abstract ?? "",
        subcommands: (subcommands ?? []).map(\.catalogCommand),
        options: shown.filter { $0.kind != "positional" }.map { argument in
          CommandCatalog.Option(
            names: (argument.names ?? []).map { name in
              name.kind == "short" ? "-" + name.name : "--" + name.name
            },
            takesValue: argument.kind == "option", values: argument.allValues ?? [],
            valueName: argument.valueName)
        },
        arguments: positionals.map { $0.valueName ?? "" },
        lastArgumentRepeats: positionals.last?.isRepeating ?? false,
        defaultSubcommand: defaultSubcommand)
    }
  }

  struct Argument: Decodable {
    struct Name: Decodable {
      var kind: String
      var name: String
    }
    var kind: String
    var names: [Name]?
    var valueName: String?
    var allValues: [String]?
    var isRepeating: Bool?
    var shouldDisplay: Bool?
  }

  var command: Command
}
