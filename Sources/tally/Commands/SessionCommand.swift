import ArgumentParser

/// A subcommand that works on a session: run on its own it opens one, and in the REPL it runs
/// on the REPL's, so its changes reach the screens through the one store.
protocol SessionCommand: ParsableCommand {
  /// The database and time zone options.
  var global: GlobalOptions { get }

  /// Whether the command only reads: run on its own, it then creates no database file.
  var onlyReads: Bool { get }

  /// Does the work on `session`.
  func run(in session: Session) throws
}

extension SessionCommand {
  var onlyReads: Bool { false }

  func run() throws {
    try run(in: Session(global, creating: !onlyReads))
  }
}
