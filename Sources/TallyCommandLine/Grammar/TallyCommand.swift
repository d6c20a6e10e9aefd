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
  public func run() throws {
    let request = try request()
    let session = try Session(
      global.sessionOptions(creating: request.createsDatabase, readOnly: request.readsOnly))
    let succeeded: Bool
    do {
      succeeded = try session.run(request)
    } catch {
      session.storage.discardIfCreated()
      throw error
    }
    guard succeeded else {
      session.storage.discardIfCreated()
      throw ExitCode(ExitStatus.failure)
    }
    if session.needsAttention { throw ExitCode(ExitStatus.attention) }
  }
}
