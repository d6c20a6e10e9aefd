public import ArgumentParser
import Foundation
import TallyApp
import TallyCore

/// `tally backup FILE`: a consistent copy of the whole database in a new SQLite file.
public struct BackupCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "backup",
    abstract: "Write a consistent copy of the whole database into a new SQLite file.",
    discussion: """
      Copies everything while other processes go on writing: from SQLite with its online \
      backup (projects, readings, imports, timers, the undo history, saved screens), from a \
      PostgreSQL server in one read snapshot (projects, readings, imports, timers). The file is \
      readable by you alone; an existing file is never overwritten. `tally restore FILE` brings \
      it back.
      """)

  @OptionGroup var global: GlobalOptions
  @Argument(
    help: ArgumentHelp("The new file to write.", valueName: "file"),
    transform: { TypedPath.expanded($0) })
  var file: String

  public init() {}

  public func run() throws {
    // A backup only reads: it takes no write lock and works on a read-only database.
    let database = try global.sessionOptions(creating: false, readOnly: true).open()
    let summary = try Backup.write(database, to: file)
    global.messages.status(
      "Backed up \(summary.projects) project(s) and \(summary.readings) reading(s) to \(file)")
  }
}

/// `tally restore FILE`: brings a backup into an empty database.
public struct RestoreCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "restore",
    abstract: "Bring a backup into an empty database (SQLite or PostgreSQL), all or nothing.",
    discussion: """
      The database of --db or TALLY_DB must hold no projects; it is created if it does not \
      exist. Into SQLite the backup comes back as it was, undo history included; onto a \
      server its projects, readings, imports and timers, checked by each project's count and \
      sum before the transaction commits.
      """)

  @OptionGroup var global: GlobalOptions
  @Argument(
    help: ArgumentHelp("The backup to bring back.", valueName: "file"),
    transform: { TypedPath.expanded($0) })
  var file: String

  public init() {}

  public func run() throws {
    // The backup is checked (tally check) before anything is written; a database made for the
    // restore goes again when it fails.
    let summary = try Backup.restore(from: file, into: global.sessionOptions(creating: true))
    global.messages.status(
      "Restored \(summary.projects) project(s) and \(summary.readings) reading(s) from \(file)")
  }
}
