import Foundation
import Logging
import PostgresNIO

/// One connection lent to a synchronous caller for a few transactions: the storage's own
/// first connection, or one borrowed from the pool.
///
/// Each statement waits for its answer. ``close()`` gives the connection back.
final class PostgresSession: @unchecked Sendable {
  let connection: PostgresConnection
  private let blocking: Blocking
  private let logger: Logger
  private let release: @Sendable () -> Void

  init(
    connection: PostgresConnection, blocking: Blocking, logger: Logger,
    release: @escaping @Sendable () -> Void
  ) {
    self.connection = connection
    self.blocking = blocking
    self.logger = logger
    self.release = release
  }

  /// Borrows a connection from `client`'s pool until ``close()``.
  static func borrow(
    from client: PostgresClient, blocking: Blocking, logger: Logger
  ) throws -> PostgresSession {
    let (released, release) = AsyncStream<Void>.makeStream()
    let handed = Handoff()
    let given = DispatchSemaphore(value: 0)
    Task(executorPreference: blocking.taskExecutor) {
      do {
        try await client.withConnection { connection in
          handed.connection = connection
          given.signal()
          for await _ in released {}
        }
      } catch {
        if handed.connection == nil {
          handed.error = error
          given.signal()
        }
      }
    }
    given.wait()
    guard let connection = handed.connection else {
      throw handed.error ?? CancellationError()
    }
    return PostgresSession(
      connection: connection, blocking: blocking, logger: logger, release: { release.finish() })
  }

  /// Gives the connection back.
  func close() {
    release()
  }

  /// Runs `query` and returns every row of its answer.
  @discardableResult
  func rows(_ query: PostgresQuery) throws -> [PostgresRow] {
    let connection = connection
    let logger = logger
    return try blocking.run {
      try await connection.query(query, logger: logger).collect()
    }
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
    let feed = CopyFeed(waiting: waiting)
    let connection = connection
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

  private final class Handoff: @unchecked Sendable {
    var connection: PostgresConnection?
    var error: (any Error)?
  }
}
