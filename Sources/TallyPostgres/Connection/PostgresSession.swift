import Foundation
import Libpq
import Logging

/// The statement type of tally's storage: SQL with the values bound by interpolation.
typealias PostgresQuery = PGQuery
/// A row of a statement's answer.
typealias PostgresRow = PGRow
/// A value a column decodes as.
typealias PostgresDecodable = PGDecodable

/// One connection lent to a synchronous caller for a few transactions.
///
/// Each statement waits for its answer, as long as ``PostgresTimeouts/answer`` at most; a
/// connection whose server did not answer in time is closed. ``close()`` gives the connection
/// back.
final class PostgresSession: @unchecked Sendable {
  let connection: PGConnection
  private let logger: Logger
  /// Seconds to wait for each answer.
  private let answerWithin: Double
  private let release: @Sendable () -> Void

  init(
    connection: PGConnection, logger: Logger, answerWithin: Double,
    release: @escaping @Sendable () -> Void
  ) {
    self.connection = connection
    self.logger = logger
    self.answerWithin = answerWithin
    self.release = release
  }

  /// Whether the connection is still open: after it broke, nothing more can run on it.
  var isOpen: Bool { connection.isOpen }

  /// The session while it is open, else `nil`: after a commit whose answer was lost and then
  /// found, the rest of the command runs on a new connection.
  var ifOpen: PostgresSession? { isOpen ? self : nil }

  /// Gives the connection back.
  func close() {
    release()
  }

  /// Runs `query` and returns every row of its answer.
  @discardableResult
  func rows(_ query: PostgresQuery) throws -> [PostgresRow] {
    logger.trace("statement", metadata: ["sql": "\(query.sql.prefix(300))"])
    do {
      return try connection.query(query, within: answerWithin)
    } catch {
      guard error.kind == .timedOut else { throw error }
      logger.warning("timeout: closing the connection", metadata: ["error": "\(error)"])
      throw NoAnswer(seconds: answerWithin)
    }
  }

  /// Runs `query` and decodes its one row (or none) as `Columns`.
  func row<each Column: PostgresDecodable>(
    _ query: PostgresQuery, as columns: (repeat each Column).Type
  ) throws -> (repeat each Column)? {
    guard let first = try rows(query).first else { return nil }
    return try first.decode(columns)
  }

  /// Runs `query`, which answers with one value in one row, and decodes it.
  func value<Value: PostgresDecodable>(
    _ query: PostgresQuery, as type: Value.Type = Value.self
  ) throws -> Value? {
    guard let first = try rows(query).first else { return nil }
    return try first.decode(Value?.self)
  }

  /// Runs one statement without parameters, such as a schema change.
  func execute(_ sql: String) throws {
    try rows(PostgresQuery(unsafeSQL: sql))
  }

  /// Starts `COPY table (columns) FROM STDIN` in text format: the rows are then sent with the
  /// returned feed, in chunks, while the caller reads them.
  func copy(into table: String, columns: [String]) throws -> CopyFeed {
    let copy: PGCopyIn
    do {
      copy = try connection.copyIn(
        "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN", within: answerWithin)
    } catch {
      guard error.kind == .timedOut else { throw error }
      throw NoAnswer(seconds: answerWithin)
    }
    return CopyFeed(copy, answerWithin: answerWithin)
  }
}

/// The connection broke while a `COPY` was under way.
struct ConnectionClosed: Error, CustomStringConvertible {
  var description: String { "the connection was closed" }
}
