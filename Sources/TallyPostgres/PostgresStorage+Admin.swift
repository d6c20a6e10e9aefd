import Libpq
import Logging
public import TallyCore

extension PostgresStorage {
  /// Creates an empty database named `name` on the server at `address` (whose role must be
  /// allowed to create databases), for tests and benchmarks that want one each.
  ///
  /// - Returns: The address of the new database.
  /// - Throws: ``TallyError`` when the server refuses.
  public static func createDatabase(
    _ name: String, on address: PostgresAddress
  ) throws(TallyError) -> PostgresAddress {
    guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !name.isEmpty else {
      throw TallyError(.invalidInput, "\(name) is not a database name tally creates")
    }
    let server = PostgresStorage(address: address, logger: .quiet)
    do {
      let session = try server.borrow()
      defer { session.close() }
      try session.execute("CREATE DATABASE \(name)")
    } catch {
      throw PostgresFailure.describe(error, doing: "create the database \(name)", address: address)
    }
    var created = address
    created.database = name
    return created
  }
}

extension Logger {
  /// A logger that logs nothing: the storage speaks through its errors.
  static var quiet: Logger {
    Logger(label: "tally.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
  }

  /// A logger that writes what is at `level` or above to standard error.
  ///
  /// It carries the storage's events (connecting, retries, timeouts, reconnecting), which
  /// never log a password: the server is named by its address.
  static func standardError(_ level: Logger.Level) -> Logger {
    var logger = Logger(
      label: "tally.postgres", factory: { StreamLogHandler.standardError(label: $0) })
    logger.logLevel = level
    return logger
  }
}
