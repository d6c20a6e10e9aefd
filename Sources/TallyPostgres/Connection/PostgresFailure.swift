import Libpq
import TallyCore

/// Turns the server's and the connection's failures into messages that say what failed, name
/// the server without its password, and say that nothing changed.
enum PostgresFailure {
  /// The SQLSTATEs of a transaction the server gave up for a concurrent one: trying it again
  /// succeeds.
  static let retryableStates: Set = ["40001", "40P01"]

  /// Whether `error` is a serialization failure or a deadlock.
  static func isRetryable(_ error: any Error) -> Bool {
    guard let state = state(of: error) else { return false }
    return retryableStates.contains(state)
  }

  /// Whether `error` says that the connection is gone: it broke, or the server ended it
  /// (class 57P: shutting down, crashed, terminated; class 08), it did not answer in time, or
  /// no server could be reached to connect again.
  ///
  /// Met while waiting for the answer to `COMMIT`, it leaves unknown whether the server
  /// committed; met in a read, the read may run again on a new connection.
  static func isConnectionLost(_ error: any Error) -> Bool {
    switch error {
    case is NoAnswer, is ConnectionClosed: return true
    case let error as PGError:
      switch error.kind {
      case .connectionLost, .timedOut: return true
      case .connectionFailed: return !isServersRefusal(error)
      case .server:
        let state = error.sqlState ?? ""
        return state.hasPrefix("57P") || state.hasPrefix("08")
      case .client: return false
      }
    default: return false
    }
  }

  /// The SQLSTATE of a server error, if `error` is one.
  static func state(of error: any Error) -> String? {
    guard let error = error as? PGError, error.kind == .server else { return nil }
    return error.sqlState
  }

  /// Whether a failed connection reached a server that refused it (libpq then quotes the
  /// server's `FATAL:` or `ERROR:`), rather than reaching none.
  private static func isServersRefusal(_ error: PGError) -> Bool {
    (error.message.contains("FATAL:") || error.message.contains("ERROR:"))
      && !unavailable.contains { error.message.contains($0.known) }
  }

  /// What a server that is there but takes no connection now says (SQLSTATE 57P03, 53300):
  /// not a refused login, but a server to wait for.
  private static let unavailable: [(known: String, said: String)] = [
    ("the database system is shutting down", "the server is shutting down"),
    ("the database system is starting up", "the server is starting up"),
    ("the database system is in recovery mode", "the server is recovering"),
    ("the database system is not", "the server does not take connections yet"),
    ("too many clients", "the server has no connection to spare"),
    ("remaining connection slots", "the server has no connection to spare"),
  ]

  /// The server's words in libpq's message of a refused connection: what follows the first
  /// `FATAL:`, up to the end of its line (libpq tries again without TLS, and quotes the same
  /// refusal on a line of its own).
  private static func serversWords(_ message: String) -> String {
    guard let range = message.range(of: "FATAL:") ?? message.range(of: "ERROR:") else {
      return message
    }
    return message[range.upperBound...].prefix { $0 != "\n" }
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The gist of a connection failure, without libpq's wrapping: each host's reason, named
  /// by its host and port when libpq tried several.
  ///
  /// - Returns: The reasons, and whether every host was out of reach (none answered at all).
  private static func causes(_ message: String) -> (text: String, unreachable: Bool) {
    let said = hostReasons(message)
    guard said.count > 1 else {
      let cause = shortCause(said.first?.reason ?? message)
      return (cause.text, cause.unreachable)
    }
    var parts: [String] = []
    var unreachable = true
    for (host, reason) in said {
      let cause = shortCause(reason)
      unreachable = unreachable && cause.unreachable
      let part = "\(host): \(cause.text)"
      if !parts.contains(part) { parts.append(part) }
    }
    return (parts.joined(separator: "; "), unreachable)
  }

  /// libpq's message of a failed connection, host by host: `connection to server at "h"
  /// (addr), port p failed: reason` or `… on socket "path" failed: reason`, each reason up to
  /// the next such line.
  private static func hostReasons(_ message: String) -> [(host: String, reason: String)] {
    var found: [(host: String, reason: String)] = []
    for line in message.split(separator: "\n", omittingEmptySubsequences: true) {
      let line = String(line)
      guard line.hasPrefix("connection to server "), let failed = line.range(of: " failed: ")
      else {
        if !found.isEmpty { found[found.count - 1].reason += "\n" + line }
        continue
      }
      let said = line[line.startIndex..<failed.lowerBound]
      let quoted = said.split(separator: "\"", omittingEmptySubsequences: false)
      var host = quoted.count > 1 ? String(quoted[1]) : ""
      if let port = said.range(of: "port ") {
        host += ":" + said[port.upperBound...].prefix { $0.isNumber }
      }
      found.append((host, String(line[failed.upperBound...])))
    }
    return found
  }

  /// One host's reason, shortened: what a person needs, and whether it means that nothing
  /// answered there.
  private static func shortCause(_ reason: String) -> (text: String, unreachable: Bool) {
    // A server that answered, but not as target_session_attrs asks, or not now.
    let answered =
      unavailable + [
        ("session is read-only", "a read-only standby"),
        ("server is in hot standby mode", "a standby"),
        ("server is not in hot standby mode", "not a standby"),
        ("session is not read-only", "not read-only"),
      ]
    for (known, said) in answered where reason.contains(known) {
      return (said, false)
    }
    for (known, said) in [
      ("Connection refused", "connection refused"), ("timeout expired", "timed out"),
      ("timed out", "timed out"), ("No such file", "no such file"),
      ("Network is unreachable", "network is unreachable"),
      ("Connection reset", "connection reset"),
      ("server closed the connection unexpectedly", "the server closed the connection"),
      ("could not translate host name", "unknown host"),
    ] where reason.contains(known) {
      return (said, true)
    }
    return (reason.trimmingCharacters(in: .whitespacesAndNewlines), false)
  }

  static func describe(
    _ error: any Error, doing operation: String, address: PostgresAddress
  ) -> TallyError {
    if let error = error as? TallyError { return error }
    if let broken = error as? RuleBroken { return broken.error(doing: operation) }
    if let changed = error as? PostgresWriter.RowChanged {
      return TallyError(
        .conflict,
        "cannot \(operation): someone else has changed \(changed.what) since; nothing was changed",
        hint: "`tally log` shows who changed what.")
    }
    let nothingChanged = "Nothing was changed."
    switch error {
    case let error as NoAnswer:
      return TallyError(
        .storage, "cannot \(operation): the server at \(address) gave \(error)",
        hint: "\(nothingChanged) The connection was closed; check the server and the network.")
    case is ConnectionClosed:
      return TallyError(
        .storage, "cannot \(operation): the connection to \(address) was lost",
        hint: "\(nothingChanged) Check that the server runs.")
    default: break
    }
    guard let error = error as? PGError else {
      return TallyError(
        .storage, "cannot \(operation) (\(address)): \(error)", hint: nothingChanged)
    }
    switch error.kind {
    case .connectionFailed: return connectionFailed(error, doing: operation, address: address)
    case .connectionLost:
      return TallyError(
        .storage, "cannot \(operation): the connection to \(address) was lost",
        hint: "\(nothingChanged) Check that the server runs.")
    case .timedOut:
      return TallyError(
        .storage, "cannot \(operation): the server at \(address) did not answer in time",
        hint: "\(nothingChanged) The connection was closed; check the server and the network.")
    case .client:
      return TallyError(
        .storage, "cannot \(operation) (\(address)): \(error.message)", hint: nothingChanged)
    case .server:
      return serverError(error, doing: operation, address: address)
    }
  }

  /// A connection that could not be made: no server, or one that refused the login.
  private static func connectionFailed(
    _ error: PGError, doing operation: String, address: PostgresAddress
  ) -> TallyError {
    let message = error.message
    let nothingChanged = "Nothing was changed."
    if message.contains("no password supplied") {
      return TallyError(
        .storage, "cannot log in to \(address): the server asks for a password and none was found",
        hint:
          "Put it in the URL, PGPASSWORD or ~/.pgpass (or PGPASSFILE's file, which must not be readable by "
          + "others: chmod 600 it).")
    }
    if message.contains("server does not support SSL") {
      return TallyError(
        .storage, "cannot \(operation): the server at \(address) does not offer TLS",
        hint: "It was asked for with sslmode; use sslmode=prefer or disable.")
    }
    if message.contains("certificate") || message.contains("SSL error") {
      return TallyError(
        .storage,
        "cannot \(operation): the TLS handshake with \(address) failed: its certificate was not "
          + "accepted (\(message))",
        hint: "sslmode=verify-ca and verify-full need a certificate this machine trusts; "
          + "sslmode=require encrypts without checking it.")
    }
    if message.contains("service file") || message.contains("definition of service") {
      // libpq could not read the service the URL or PGSERVICE names: nothing was sent.
      return TallyError(
        .invalidInput, "cannot \(operation): libpq cannot read the service: \(message)",
        hint: "A service is a [section] of keyword=value lines in PGSERVICEFILE or "
          + "~/.pg_service.conf, else in PGSYSCONFDIR's pg_service.conf.")
    }
    if message.hasPrefix("invalid ") {
      // libpq read a parameter it could not use: nothing was sent to a server.
      return TallyError(
        .invalidInput, "cannot \(operation): libpq cannot use \(address.written): \(message)",
        hint: "The URL's parameters are psql's (libpq's connection parameters).")
    }
    guard isServersRefusal(error) else {
      let (causes, unreachable) = causes(message)
      guard unreachable else {
        return TallyError(
          .storage,
          "cannot \(operation): no server at \(address) took the connection (\(causes))",
          hint: "\(nothingChanged) Check target_session_attrs, and which of them is the primary.")
      }
      return TallyError(
        .storage,
        "cannot \(operation): the server at \(address) cannot be reached (\(causes))",
        hint: "\(nothingChanged) Check that it runs and that the host and port are right.")
    }
    let words = serversWords(message)
    if words.contains("does not exist"), words.hasPrefix("database") {
      return TallyError(
        .storage, "cannot open \(address): \(words)",
        hint: "Create it first: createdb \(address.database)")
    }
    if words.hasPrefix("permission denied for database") {
      return TallyError(
        .forbidden, "\(address.user) may not use \(address): \(words)",
        hint: "Its administrator adds you to the team: tally team setup --member \(address.user)")
    }
    return TallyError(
      .storage, "cannot log in to \(address): \(words)",
      hint:
        "Check the role and the password (in the URL, PGPASSWORD, ~/.pgpass or PGPASSFILE's file, or the service)."
    )
  }

  /// An error the server answered a statement with.
  private static func serverError(
    _ error: PGError, doing operation: String, address: PostgresAddress
  ) -> TallyError {
    let message = error.message
    let nothingChanged = "Nothing was changed."
    switch error.sqlState ?? "" {
    case let state where state.hasPrefix("28"):
      return TallyError(
        .storage, "cannot log in to \(address): \(message)",
        hint:
          "Check the role and the password (in the URL, PGPASSWORD, ~/.pgpass or PGPASSFILE's file, or the service)."
      )
    case "3D000":
      return TallyError(
        .storage, "cannot open \(address): \(message)",
        hint: "Create it first: createdb \(address.database)")
    case "23505"
    where error.constraintName == "project_title_key_key":
      // A title the person cannot see: titles are one namespace on the server.
      return TallyError(
        .conflict,
        "cannot \(operation): a project with that title already exists on the server, one you "
          + "may not read",
        hint: "Titles are unique on a server, ignoring case; choose another, or ask its owner "
          + "to share it with you.")
    case let state where state.hasPrefix("23"):
      return TallyError(.conflict, "cannot \(operation): \(message)", hint: nothingChanged)
    case let state where retryableStates.contains(state):
      return TallyError(
        .storage,
        "cannot \(operation): other people kept changing the same data (\(message))",
        hint: "\(nothingChanged) Try again.")
    case "42501" where message.hasPrefix("permission denied for database"):
      return TallyError(
        .forbidden, "\(address.user) may not use \(address): \(message)",
        hint: "Its administrator adds you to the team: tally team setup --member \(address.user)")
    case "42501"
    where message.contains("row-level security") || message.hasPrefix("only an owner"):
      return TallyError(
        .forbidden,
        "cannot \(operation): the server's access rules do not let \(address.user) do that "
          + "(\(message)); nothing was changed",
        hint: "`tally share TITLE` lists who may read, write and own a project.")
    case let state where state.hasPrefix("57P") || state.hasPrefix("08"):
      return TallyError(
        .storage, "cannot \(operation): the server at \(address) ended the connection (\(message))",
        hint: "\(nothingChanged) Check that the server runs, then try again.")
    case "57014":
      return TallyError(
        .storage, "cannot \(operation): the server gave it up (\(message))",
        hint:
          "\(nothingChanged) statement_timeout ends a statement that runs longer (README: timeouts)."
      )
    case "55P03":
      return TallyError(
        .storage, "cannot \(operation): a lock was held too long by someone else (\(message))",
        hint:
          "\(nothingChanged) Try again; lock_timeout says how long tally waits (README: timeouts).")
    case "42501"
    where message.hasPrefix("journal entry refused") || message.hasPrefix("history step refused"):
      // The server's check of a change: the rows are not as the change says (someone wrote
      // them past tally), not a privilege the role lacks.
      return TallyError(
        .storage, "cannot \(operation) on \(address): \(message)",
        hint: "\(nothingChanged) The rows it would change are not as it left them: someone "
          + "changed them past tally. `tally check` and `tally log` say more.")
    case "42501":
      return TallyError(
        .storage, "cannot \(operation) on \(address): \(message)",
        hint: "The role needs the privileges the README's section on shared servers lists.")
    default:
      return TallyError(
        .storage, "cannot \(operation) on \(address): \(message)", hint: nothingChanged)
    }
  }
}
