import ArgumentParser
import TallyCore
import TallyReports

/// `tally undo`: revert the last change, also after a restart.
struct UndoCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "undo", abstract: "Revert the last change.")

  @OptionGroup var global: GlobalOptions

  func run(in session: Session) throws {
    Messages.say(try session.perform(.undo(at: session.now)))
  }
}

/// `tally redo`: apply the last undone change again.
struct RedoCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "redo", abstract: "Apply the last undone change again.")

  @OptionGroup var global: GlobalOptions

  func run(in session: Session) throws {
    Messages.say(try session.perform(.redo(at: session.now)))
  }
}

/// `tally log`: the recent changes, newest first.
struct LogCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "log", abstract: "List the recent changes, newest first.")

  @OptionGroup var global: GlobalOptions
  @Option(help: "How many changes to show.") var limit = 20

  func validate() throws {
    guard limit > 0 else { throw ValidationError("--limit must be more than 0") }
  }

  func run(in session: Session) throws {
    let entries = try session.database.journal(limit: limit)
    guard !entries.isEmpty else {
      Messages.say("No changes yet.")
      return
    }
    var table = TextTable(columns: [.init("#", .right), .init("TIME"), .init("CHANGE")])
    for entry in entries {
      table.append([
        String(entry.id), TimestampFormat.local(entry.at, in: session.zone),
        entry.isUndone ? "\(entry.description) (undone)" : entry.description,
      ])
    }
    StandardOutput().write(table.render())
  }
}
