import ArgumentParser

/// A subcommand that works on a session: run on its own it opens one, and in the REPL it runs
/// on the REPL's, so its changes reach the screens through the one store.
protocol SessionCommand: ParsableCommand {
  /// The database and time zone options.
  var global: GlobalOptions { get }

  /// Whether the command may create the database: only one that can succeed on an empty one
  /// (creating a project, importing with `--create`). Any other, run on a path where no
  /// database is, answers as for an empty one (or fails as it would there) and creates nothing.
  var createsDatabase: Bool { get }

  /// Does the work on `session`.
  func run(in session: Session) throws
}

extension SessionCommand {
  var createsDatabase: Bool { false }

  func run() throws {
    try run(in: Session(global, creating: createsDatabase))
  }
}
