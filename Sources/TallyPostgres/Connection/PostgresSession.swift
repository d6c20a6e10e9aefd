import Foundation
import Logging
import PostgresNIO

/// One connection lent to a synchronous caller for a few transactions.
///
/// Each statement waits for its answer, as long as ``PostgresTimeouts/answer`` at most; a
/// connection whose server did not answer in time is closed. ``close()`` gives the connection
/// back.
final class PostgresSession: @unchecked Sendable {
  let connection: PostgresConnection
  private let blocking: Blocking
  private let logger: Logger
  /// Seconds to wait for each answer.
  private let answerWithin: Double
  private let release: @Sendable () -> Void

  init(
    connection: PostgresConnection, blocking: Blocking, logger: Logger, answerWithin: Double,
    release: @escaping @Sendable () -> Void
  ) {
    self.connection = connection
    self.blocking = blocking
    self.logger = logger
    self.answerWithin = answerWithin
    self.release = release
  }

  /// Whether the connection is still open: after it broke, nothing more can run on it.
  var isOpen: Bool { !connection.isClosed }

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
    let connection = connection
    let logger = logger
    // PostgresNIO leaves a query on a connection that closed waiting for an answer.
    guard !connection.isClosed else { throw ConnectionClosed() }
    do {
      return try blocking.run(within: answerWithin, unless: connection.closeFuture) {
        try await connection.query(query, logger: logger).collect()
      }
    } catch let error as NoAnswer {
      giveUp(error)
      throw error
    }
  }

  /// Closes a connection whose server did not answer in time, so that what waits on it ends.
  func giveUp(_ error: NoAnswer) {
    logger.warning("timeout: closing the connection", metadata: ["error": "\(error)"])
    let connection = connection
    Task(executorPreference: blocking.taskExecutor) { try? await connection.close() }
  }

  /// Runs `query` and decodes its one row (or none) as `Columns`.
  func row<each Column: PostgresDecodable & Sendable>(
    _ query: PostgresQuery, as columns: (repeat each Column).Type
  ) throws -> (repeat each Column)? {
    guard let first = try rows(query).first else { return nil }
    return try first.decode(columns)
  }

  /// Runs `query`, which answers with one value in one row, and decodes it.
  func value<Value: PostgresDecodable & Sendable>(
    _ query: PostgresQuery, as type: Value.Type = Value.self
  ) throws -> Value? where Value._DecodableType == Value {
    guard let cell = try rows(query).first?.first else { return nil }
    return try cell.decode(Value?.self)
  }

  /// Runs one statement without parameters, such as a schema change.
  func execute(_ sql: String) throws {
    try rows(PostgresQuery(unsafeSQL: sql))
  }

  /// Starts `COPY table (columns) FROM STDIN` in text format: the rows are then sent with the
  /// returned feed, in chunks, while the caller reads them; `waiting` chunks (of a megabyte)
  /// may wait for the server before the caller does.
  func copy(into table: String, columns: [String], waiting: Int = 2) -> CopyFeed {
    let feed = CopyFeed(waiting: waiting, answerWithin: answerWithin) { [self] in giveUp($0) }
    let connection = connection
    // A connection that breaks ends the copy, also when PostgresNIO's writer would wait on.
    connection.closeFuture.whenComplete { _ in feed.end(ConnectionClosed()) }
    let logger = logger
    Task(executorPreference: blocking.taskExecutor) {
      do {
        try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
          for await chunk in feed.chunks {
            try await writer.write(chunk)
            feed.sent()
          }
        }
        feed.end(nil)
      } catch {
        feed.end(error)
      }
    }
    return feed
  }

}

/// The connection broke while a `COPY` was under way.
struct ConnectionClosed: Error, CustomStringConvertible {
  var description: String { "the connection was closed" }
}
