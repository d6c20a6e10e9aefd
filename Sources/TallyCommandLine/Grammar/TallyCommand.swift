import ArgumentParser
import TallyApp
import TallyCore

/// A subcommand that asks for one ``UserRequest``: the shell runs it on a session of its own,
/// and the REPL hands the request to its session, so both front doors share one grammar.
protocol TallyCommand: ParsableCommand {
  /// The database and time zone options.
  var global: GlobalOptions { get }

  /// The request the command line asks for.
  ///
  /// - Throws: ``TallyError`` for a value the grammar cannot read (an amount that is not a
  ///   number).
  func request() throws(TallyError) -> UserRequest
}

extension TallyCommand {
  /// Runs the request on a session of its own, over the database `global` names.
  public func run() throws {
    let request = try request()
    let session = try Session(
      global.sessionOptions(creating: request.createsDatabase, readOnly: request.readsOnly))
    guard try session.run(request) else { throw ExitCode(ExitStatus.failure) }
  }
}
