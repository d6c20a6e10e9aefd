public import ArgumentParser
import Foundation
import TallyApp
import TallyCore

/// `tally migrate`: copies a database to a shared server, or back.
public struct MigrateCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "migrate",
    abstract: "Copy the database to a PostgreSQL server (--to), or from one (--from).",
    discussion: """
      Copies every project, import, reading and running timer, with their ids, into a \
      database that holds no projects, in one transaction, and checks each project's count and \
      sum before it commits: all or nothing. The source is read in one snapshot, so others may \
      go on writing to it. The undo history stays behind. The database of --db or TALLY_DB is \
      the source with --to, the target with --from.
      """)

  @OptionGroup var global: GlobalOptions
  @Option(
    help: ArgumentHelp("Copy into this database.", valueName: "url"),
    transform: { TypedPath.expanded($0) })
  var to: String?
  @Option(
    help: ArgumentHelp("Copy from this database.", valueName: "url"),
    transform: { TypedPath.expanded($0) })
  var from: String?

  public init() {}

  public func validate() throws {
    guard (to == nil) != (from == nil) else {
      throw ValidationError("name one of --to URL or --from URL, not both")
    }
  }

  public func run() throws {
    // The source is only read; the target is made if it is not there.
    let here = try global.sessionOptions(creating: from != nil, readOnly: to != nil)
    var there = here
    there.useDatabase(to ?? from ?? "", environment: ProcessInfo.processInfo.environment)
    there.creating = to != nil
    there.readOnly = from != nil
    let (source, target) = to != nil ? (here, there) : (there, here)
    try StorageMigration.migrate(from: source, to: target, messages: global.messages)
  }
}
