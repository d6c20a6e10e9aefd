public import ArgumentParser
public import TallyApp
public import TallyCore

/// tally's command-line grammar, one for both front doors: the shell's `tally item add ...`
/// and the REPL's `item add ...` are read by the same parser into the same ``UserRequest``.
public enum CommandLineGrammar {
  /// The subcommands that work on a session, in the order help lists them.
  public static var subcommands: [any ParsableCommand.Type] {
    [
      ProjectCommand.self, ItemCommand.self, TimerCommand.self, TrackCommand.self, UndoCommand.self,
      RedoCommand.self, LogCommand.self, ImportCommand.self, ReportCommand.self,
      DayCommand.self, WeekCommand.self, DueCommand.self, GoalsCommand.self, MetricsCommand.self,
      ExportCommand.self,
    ]
  }

  /// What a line of words asks for.
  public enum Line {
    /// Carry out this request.
    case request(UserRequest)
    /// Show this text: help, asked for with `--help`.
    case help(String)
  }

  /// Reads a subcommand's words (`["item", "add", "Mileage", "42"]`) inside a session that is
  /// already open, so they may not choose another database or zone.
  ///
  /// - Throws: ``TallyError`` for words the grammar does not take, with the parser's message.
  public static func parse(_ words: [String]) throws(TallyError) -> Line {
    if let refusal = CommandSuggestion.refusal(of: words, root: SessionLine.self, rootName: "") {
      throw refusal
    }
    do {
      let command = try SessionLine.parseAsRoot(NegativeNumbers.escape(words))
      guard let command = command as? any TallyCommand else {
        // `item --help` (a group's help) comes back as the parser's help command.
        return .help(SessionLine.helpMessage(for: commandType(named: words)) + "\n")
      }
      guard !command.global.choosesDatabaseOrZone else {
        throw TallyError(
          .invalidInput, "--db and --tz are chosen when tally starts, not inside the REPL")
      }
      return .request(try command.request())
    } catch let error as TallyError {
      throw error
    } catch {
      let message = SessionLine.fullMessage(for: error)
      if SessionLine.exitCode(for: error) == .success {
        return .help(message + "\n")
      }
      throw TallyError(
        .invalidInput,
        message.hasPrefix("Error: ") ? String(message.dropFirst("Error: ".count)) : message)
    }
  }
}

extension CommandLineGrammar {
  /// The deepest subcommand that `words` name, leaving out options.
  static func commandType(named words: [String]) -> any ParsableCommand.Type {
    var type: any ParsableCommand.Type = SessionLine.self
    for word in words where !word.hasPrefix("-") {
      guard
        let next = type.configuration.subcommands.first(where: {
          $0.configuration.commandName == word
        })
      else { break }
      type = next
    }
    return type
  }
}

/// The root the REPL parses with: tally's subcommands without the REPL itself.
struct SessionLine: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tally", subcommands: CommandLineGrammar.subcommands)
}
