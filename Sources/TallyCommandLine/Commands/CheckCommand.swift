public import ArgumentParser
import Foundation
import TallyApp

/// `tally check`: whether the database is sound, and private.
public struct CheckCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check the database: SQLite's integrity, tally's own rules, who may read it.",
    discussion: """
      Runs SQLite's integrity and foreign key checks, then tally's rules: each project's \
      reading counter and last reading time equal its readings, a meter's readings never fall \
      without a reset mark, and every journal entry can be read for undo. Reports a database \
      file (or its -wal, -shm or -journal) that other users may read or change, and a folder \
      they may list. Each project's rollups (the figures of its quarter hours and days that \
      reports add up) must equal its readings. Only reads, unless --repair, which first sums the \
      rollups and counts the readings of every project again. Prints one line \
      per problem and exits 1, or one line saying that all checks hold and exits 0. On a \
      PostgreSQL server, tally's rules are checked.
      """)

  @OptionGroup var global: GlobalOptions

  @Flag(
    help:
      "First sum every project's rollups and count its readings again (the repair after a change past tally)."
  )
  var repair = false

  public init() {}

  public func run() throws {
    let messages = global.messages
    let report = try global.sessionOptions(creating: false, readOnly: !repair).checkStorage(
      repaired: repair
        ? { count in
          messages.status(
            "Summed the rollups and counted the readings of \(count) project"
              + "\(count == 1 ? "" : "s") again.")
        } : nil)
    global.messages.output(report.lines.map { $0 + "\n" }.joined())
    guard report.holds else { throw ExitCode(ExitStatus.failure) }
  }
}
