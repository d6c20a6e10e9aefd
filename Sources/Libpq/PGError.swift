/// What went wrong talking to a PostgreSQL server through libpq: the server's refusal with its
/// SQLSTATE and fields, or the connection's failure.
public struct PGError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure it is.
  public enum Kind: Sendable, Equatable {
    /// The server answered with an error (``PGError/sqlState`` says which).
    case server
    /// No connection could be made, or the login was refused (libpq's message says why).
    case connectionFailed
    /// The connection broke, or the server ended it, while a statement ran.
    case connectionLost
    /// The server did not answer within the time allowed; the connection was closed.
    case timedOut
    /// The call was wrong on this side: a value that does not decode as asked, a closed
    /// connection used again.
    case client
  }

  /// What kind of failure it is.
  public var kind: Kind
  /// The primary message, as libpq or the server gave it, without a trailing line break.
  public var message: String
  /// The server's SQLSTATE (`23505`), for a server error.
  public var sqlState: String?
  /// The server's detail line, if it gave one.
  public var detail: String?
  /// The server's hint, if it gave one.
  public var hint: String?
  /// The constraint a server error names, if any.
  public var constraintName: String?

  /// Creates an error.
  public init(
    _ kind: Kind, _ message: String, sqlState: String? = nil, detail: String? = nil,
    hint: String? = nil, constraintName: String? = nil
  ) {
    self.kind = kind
    self.message = message
    self.sqlState = sqlState
    self.detail = detail
    self.hint = hint
    self.constraintName = constraintName
  }

  public var description: String {
    sqlState.map { "\(message) (SQLSTATE \($0))" } ?? message
  }
}
