import ArgumentParser
import TallyApp
import TallyCore

/// A subcommand that asks for one ``UserRequest``: the shell runs it on a session of its own,
/// and the REPL hands the request to its session, so both front doors share one grammar.
protocol TallyCommand: ParsableCommand {
  /// The database and time zone options.
  var global: GlobalOptions { get }

  /// Its positional arguments and options, for completion (``CommandCatalog``).
  static var syntax: CommandSyntax { get }

  /// The request the command line asks for.
  ///
  /// - Throws: ``TallyError`` for a value the grammar cannot read (an amount that is not a
  ///   number).
  func request() throws(TallyError) -> UserRequest
}

extension TallyCommand {
  /// Runs the request on a session of its own, over the database `global` names.
  ///
  /// A database the command made and then failed on is taken back: a failed command leaves
  /// nothing behind.
  ///
  /// On a path where no database is, the command answers as for an empty one and says so: a
  /// failure in its hint, a success in a note on standard error.
  public func run() throws {
    try runRequest()
  }

  /// What ``run()`` does: carries out ``request()`` on a session of its own.
  func runRequest() throws {
    let request = try request()
    if let note = global.timeZoneNote { global.messages.status(note) }
    var options = try global.sessionOptions(
      creating: request.createsDatabase, readOnly: request.readsOnly)
    if case .importFile = request {
      // An import stops between rows on Ctrl-C and rolls back, rather than being killed.
      Interruption.watch()
      options.isInterrupted = { Interruption.happened }
    }
    let missing = options.missingDatabase
    let session = try Session(options)
    let succeeded: Bool
    do throws(TallyError) {
      succeeded = try session.run(request)
      // A cut output is no output: a program reading it would take it for the whole.
      if let problem = session.messages.outputProblem() {
        throw TallyError(
          .invalidInput, "cannot write standard output: \(problem)",
          hint: "What was written of it is cut short.")
      }
    } catch {
      session.storage.discardIfCreated()
      // A command that would have made the database names its absence only where that is
      // likely the cause: a project it did not find there.
      guard let missing, !options.creating || error.kind == .notFound else { throw error }
      var named = error
      named.hint = [error.hint, Self.absence(of: missing, failed: true)].compactMap { $0 }.joined(
        separator: "\n")
      throw named
    }
    if let missing, succeeded, !options.creating {
      session.messages.status(Self.absence(of: missing, failed: false))
    }
    guard succeeded else {
      session.storage.discardIfCreated()
      throw ExitCode(ExitStatus.failure)
    }
    if session.needsAttention { throw ExitCode(ExitStatus.attention) }
  }

  /// What a command on a path where no database is says of it, after failing or succeeding.
  static func absence(of path: String, failed: Bool) -> String {
    (failed
      ? "There is no database at \(path): "
      : "Note: there is no database at \(path) yet, so this is what an empty one holds: ")
      + "check --db or TALLY_DB, or make it with `tally project add`."
  }
}
