import ArgumentParser
import Foundation
import TallyCore
import TallyREPL
import TallyReports
import TallyStorage

extension REPLServices {
  /// The services of a session: subcommands run with tally's own parser on the session's
  /// store, reports and reloads read its database.
  static func over(_ session: Session, console: Console) -> REPLServices {
    REPLServices(
      runSubcommand: { words throws(TallyError) in
        try SubcommandRunner(session: session).run(words)
      },
      report: { project, period throws(TallyError) in
        try ProjectReportQuery(database: session.database, zone: session.zone)
          .report(project, period: period)
      },
      reloadIfChangedElsewhere: {
        [watch = ChangeWatch(database: session.database)] project
          throws(TallyError) in
        try watch.hasChanged() ? session.database.snapshot(openProject: project) : nil
      },
      catalog: { CommandCatalog.tally() },
      now: { session.now },
      zone: session.zone)
  }
}

/// Runs a subcommand's words inside the REPL, on the REPL's session.
struct SubcommandRunner {
  let session: Session

  func run(_ words: [String]) throws(TallyError) {
    do {
      let command = try Tally.parseAsRoot(NegativeNumbers.escape(words))
      guard let command = command as? any SessionCommand else {
        throw TallyError(.invalidInput, "`\(words.first ?? "")` does not work inside the REPL")
      }
      guard command.global.databasePath == nil, command.global.timeZoneName == nil else {
        throw TallyError(
          .invalidInput, "--db and --tz are chosen when tally starts, not inside the REPL")
      }
      try command.run(in: session)
    } catch let error as TallyError {
      throw error
    } catch {
      let message = Tally.fullMessage(for: error)
      if Tally.exitCode(for: error) == .success {
        FileHandle.standardOutput.write(Data((message + "\n").utf8))
        return
      }
      throw TallyError(
        .invalidInput,
        message.hasPrefix("Error: ") ? String(message.dropFirst("Error: ".count)) : message)
    }
  }
}

/// Tells whether another process has committed to the database since the last look, by
/// SQLite's `data_version`: one cheap read instead of reading the projects again.
final class ChangeWatch {
  private let database: TallyDatabase
  private var seen: Int?

  init(database: TallyDatabase) {
    self.database = database
    seen = try? database.dataVersion()
  }

  func hasChanged() throws(TallyError) -> Bool {
    let now = try database.dataVersion()
    defer { seen = now }
    return now != seen
  }
}
