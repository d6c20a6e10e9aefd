public import Foundation
import GRDB
public import TallyCore

/// tally's SQLite database: the one facade that reads and writes it.
///
/// Each write is one immediate transaction that keeps every invariant: the change, its journal
/// entry and the project counters commit together or not at all. The connection uses WAL and
/// waits for other writers (a busy timeout) rather than failing at once.
public struct TallyDatabase: Storage {
  /// How many of the open project's latest readings the state holds.
  public static let pageSize = 200
  /// How many changes the journal keeps for `log` and `undo`.
  public static let journalLimit = 1_000

  let queue: DatabaseQueue
  /// Where the database is, for messages.
  public let path: String
  /// The file this process made when it opened the database, if it made one.
  let created: CreatedDatabase?

  private init(queue: DatabaseQueue, path: String, created: CreatedDatabase? = nil) {
    self.queue = queue
    self.path = path
    self.created = created
  }

  /// Opens the database at `location`, creating it (with its folders) if it does not exist and
  /// `creating` says so.
  ///
  /// An existing file is first looked at read-only: one that is not tally's (another program's
  /// SQLite database, or not SQLite at all) or that a newer tally wrote is refused and left
  /// byte for byte as it was.
  ///
  /// - Parameters:
  ///   - location: Where the database is.
  ///   - creating: Whether a missing database is created. A command that cannot succeed on a
  ///     new database (one that reads, or changes what must already be there) passes `false`:
  ///     a missing or empty file is then read as an empty database in memory, and no file or
  ///     folder is made.
  ///   - busyTimeout: How long a write waits for another program's write to finish.
  /// - Returns: The open database, its schema up to date.
  /// - Throws: ``TallyError`` when the path is not a regular file (a folder, a named pipe, a
  ///   device, a socket), the file is not a tally database, cannot be opened, or was written by
  ///   a newer tally.
  public static func open(
    at location: DatabaseLocation, creating: Bool = true, busyTimeout: TimeInterval = 30
  ) throws(TallyError) -> TallyDatabase {
    let path = location.path
    let kind = PathKind.of(path)
    if let refusal = kind.refusal(of: path, creating: creating) { throw refusal }
    if kind == .missing || kind.isDanglingLink {
      guard creating else { return try inMemory(path: path) }
      if let created = try CreatedDatabase.make(at: path) {
        return try create(created, busyTimeout: busyTimeout)
      }
      // Another process made it meanwhile: it is opened as theirs.
    }
    do {
      // Setting up WAL writes to the file: look at an existing one read-only first, so that
      // one from a newer tally, or not from tally at all, is left untouched.
      let holdsNothing: Bool
      do {
        var probe = Configuration()
        probe.readonly = true
        probe.busyMode = .timeout(busyTimeout)
        let existing = try DatabaseQueue(path: path, configuration: probe)
        holdsNothing = try FileMark.refuseForeign(existing, path: path)
        try refuseNewerSchema(existing, path: path)
        try existing.close()
      } catch let error as TallyError {
        throw error
      } catch {
        throw StorageFailure.describe(error, doing: "open the database", path: path)
      }
      // An empty file is read as an empty database; only a write makes it one.
      if holdsNothing, !creating { return try inMemory(path: path) }
    }
    return try opening(path, busyTimeout: busyTimeout) { configuration in
      try DatabaseQueue(path: path, configuration: configuration)
    }
  }

  /// Sets up the new, empty file `created` made, and takes it back if that fails.
  private static func create(
    _ created: CreatedDatabase, busyTimeout: TimeInterval
  ) throws(TallyError) -> TallyDatabase {
    do {
      return try CreatedDatabase.privately { () throws(TallyError) in
        try opening(created.path, busyTimeout: busyTimeout, created: created) { configuration in
          try DatabaseQueue(path: created.path, configuration: configuration)
        }
      }
    } catch {
      created.remove()
      throw error
    }
  }

  /// A private database in memory, for tests and dry runs.
  ///
  /// - Parameter path: The path that messages name; a database that does not exist yet is
  ///   read as this empty one.
  /// - Returns: The empty database, its schema up to date.
  /// - Throws: ``TallyError`` when SQLite cannot make it.
  public static func inMemory(path: String = ":memory:") throws(TallyError) -> TallyDatabase {
    try opening(path, busyTimeout: 0) { configuration in
      try DatabaseQueue(configuration: configuration)
    }
  }

  private static func opening(
    _ path: String, busyTimeout: TimeInterval, created: CreatedDatabase? = nil,
    _ makeQueue: (Configuration) throws -> DatabaseQueue
  ) throws(TallyError) -> TallyDatabase {
    var configuration = Configuration()
    configuration.journalMode = .wal
    configuration.busyMode = .timeout(busyTimeout)
    configuration.foreignKeysEnabled = true
    configuration.prepareDatabase { db in
      // Larger pages make bulk imports and scans cheaper. It only takes effect on a new,
      // empty database; an existing one keeps its page size.
      try db.execute(sql: "PRAGMA page_size = 16384")
    }
    configuration.label = "tally"
    do {
      let queue = try makeQueue(configuration)
      let database = TallyDatabase(queue: queue, path: path, created: created)
      try database.migrate()
      // GRDB's WAL set-up chooses synchronous = NORMAL, which can lose the last commits on a
      // power cut; FULL makes each commit durable: nothing entered is lost.
      try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
      return database
    } catch let error as TallyError {
      throw error
    } catch {
      throw StorageFailure.describe(error, doing: "open the database", path: path)
    }
  }

  /// Brings the schema up to date, refusing a database from a newer tally.
  private func migrate() throws {
    try Self.refuseNewerSchema(queue, path: path)
    let migrator = Schema.migrator
    if try !queue.read(migrator.hasCompletedMigrations) {
      try migrator.migrate(queue)
    }
  }

  private static func refuseNewerSchema(_ queue: DatabaseQueue, path: String) throws {
    guard try queue.read(Schema.migrator.hasBeenSuperseded) else { return }
    throw TallyError(
      .storage, "\(path) was written by a newer version of tally; it was left untouched",
      hint: "Use the newer tally, or choose another database with --db.")
  }

  /// Runs `body` in one immediate write transaction, mapping failures to ``TallyError``.
  ///
  /// - Parameters:
  ///   - operation: What the transaction does, for messages.
  ///   - commit: Whether to keep what `body` wrote; `false` rolls it back (a dry run).
  ///   - checksForeignKeys: `false` skips SQLite's per-row foreign key checks, for a body that
  ///     checks the parent rows itself (an import inserts into one project it has read).
  ///   - body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: ``TallyError`` for what `body` throws or SQLite's failures.
  func write<Result>(
    doing operation: String, commit: Bool = true, checksForeignKeys: Bool = true,
    _ body: (Database) throws -> Result
  ) throws(TallyError) -> Result {
    do {
      return try queue.writeWithoutTransaction { db in
        if !checksForeignKeys {
          // Only outside a transaction does SQLite take this pragma.
          try db.execute(sql: "PRAGMA foreign_keys = OFF")
        }
        defer {
          if !checksForeignKeys { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
        }
        var result: Result?
        try db.inTransaction(.immediate) {
          result = try body(db)
          return commit ? .commit : .rollback
        }
        guard let result else {
          throw TallyError(.storage, "the transaction to \(operation) did not run")
        }
        return result
      }
    } catch let error as TallyError {
      throw error
    } catch {
      throw StorageFailure.describe(error, doing: operation, path: path)
    }
  }

  /// Runs `body` in a read, mapping failures to ``TallyError``.
  func read<Result>(
    doing operation: String, _ body: (Database) throws -> Result
  ) throws(TallyError) -> Result {
    do {
      return try queue.read(body)
    } catch let error as TallyError {
      throw error
    } catch {
      throw StorageFailure.describe(error, doing: operation, path: path)
    }
  }
}
