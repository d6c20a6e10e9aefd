import ArgumentParser

extension CommandCatalog {
  /// The catalog of the grammar's subcommands: names, abstracts and subcommands from each
  /// command's public `configuration`, arguments and options from its ``CommandSyntax``, so
  /// completion offers what the parser takes (`CommandCatalogTests` checks that it does).
  public static func tally() -> CommandCatalog {
    CommandCatalog(commands: SessionLine.configuration.subcommands.map(command) + [help])
  }

  /// The command `type` describes, with its subcommands.
  static func command(_ type: any ParsableCommand.Type) -> Command {
    let configuration = type.configuration
    let tallyCommand = type as? any TallyCommand.Type
    let syntax = tallyCommand?.syntax ?? CommandSyntax()
    return Command(
      name: configuration.commandName ?? "", abstract: configuration.abstract,
      subcommands: configuration.subcommands.map(command),
      options: (tallyCommand == nil ? [] : GlobalOptions.syntax) + syntax.options + [.help],
      arguments: syntax.arguments, lastArgumentRepeats: syntax.lastArgumentRepeats,
      defaultSubcommand: configuration.defaultSubcommand?.configuration.commandName)
  }

  /// The `help` subcommand the argument parser adds to every command group:
  /// `help item add` is `item add --help`.
  static let help = Command(
    name: "help", abstract: "Show subcommand help information.", arguments: ["subcommands"],
    lastArgumentRepeats: true)
}
