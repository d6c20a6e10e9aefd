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

  /// What a command does with the database, and so what opening it may do.
  public enum Access: Sendable {
    /// Only reads: opens it without a write lock and writes nothing (see `ReadConnection`);
    /// a missing or empty database is read as an empty one.
    case read
    /// Reads and writes a database that is there; a missing or empty one is read as an empty
    /// one in memory, and nothing is made.
    case write
    /// As `write`, and makes a missing database (mode `0600`) with its folders (`0700`).
    case create
  }

  let queue: DatabaseQueue
  /// Where the database is, for messages.
  public let path: String
  /// The file this process made when it opened the database, if it made one.
  let created: CreatedDatabase?

  init(queue: DatabaseQueue, path: String, created: CreatedDatabase? = nil) {
    self.queue = queue
    self.path = path
    self.created = created
  }

  /// Opens the database at `location` to read and write it, creating it (with its folders)
  /// if it does not exist and `creating` says so; see ``open(at:access:busyTimeout:)``.
  public static func open(
    at location: DatabaseLocation, creating: Bool = true, busyTimeout: TimeInterval = 30
  ) throws(TallyError) -> TallyDatabase {
    try open(at: location, access: creating ? .create : .write, busyTimeout: busyTimeout)
  }

  /// Opens the database at `location` as `access` says.
  ///
  /// A path that holds a folder, a named pipe, a device or a socket is refused at once. An
  /// existing file is first looked at without writing: one that is not tally's (another
  /// program's SQLite database, or not SQLite at all) or that a newer tally wrote is refused
  /// and left byte for byte as it was.
  ///
  /// - Parameters:
  ///   - location: Where the database is.
  ///   - access: What the command does with it. A command that cannot succeed on a new
  ///     database (one that reads, or changes what must already be there) does not create:
  ///     a missing or empty file is then read as an empty database in memory, and no file or
  ///     folder is made.
  ///   - busyTimeout: How long a write waits for another program's write to finish.
  ///   - migrationProgress: Told the share done, now and then, while a migration that takes a
  ///     while (the first rollups of a large database) runs.
  /// - Returns: The open database, its schema up to date.
  /// - Throws: ``TallyError`` when the path is not a regular file, the file is not a tally
  ///   database, cannot be opened, or was written by a newer tally.
  public static func open(
    at location: DatabaseLocation, access: Access, busyTimeout: TimeInterval = 30,
    migrationProgress: @escaping @Sendable (Double) -> Void = { _ in }
  ) throws(TallyError) -> TallyDatabase {
    let path = location.path
    let kind = PathKind.of(path)
    if let refusal = kind.refusal(of: path, creating: access == .create) { throw refusal }
    if kind == .missing || kind.isDanglingLink {
      guard access == .create else { return try inMemory(path: path) }
      if let created = try CreatedDatabase.make(at: path) {
        return try create(created, busyTimeout: busyTimeout)
      }
      // Another process made it meanwhile: it is opened as theirs.
    }
    return try openExisting(
      path, access: access, busyTimeout: busyTimeout, migrationProgress: migrationProgress)
  }

  /// Sets up the new, empty file `created` made, and takes it back if that fails.
  private static func create(
    _ created: CreatedDatabase, busyTimeout: TimeInterval
  ) throws(TallyError) -> TallyDatabase {
    do {
      return try opening(created.path, busyTimeout: busyTimeout, created: created) {
        configuration in try DatabaseQueue(path: created.path, configuration: configuration)
      }
    } catch {
      created.remove()
      throw error
    }
  }

  /// Looks at the file at `path` without writing: refuses another program's database and one
  /// a newer tally wrote.
  ///
  /// - Returns: A reading connection, whether the file holds nothing yet, and whether its
  ///   schema is this tally's.
  static func probe(_ path: String, busyTimeout: TimeInterval) throws -> (
    reader: DatabaseQueue, holdsNothing: Bool, isCurrent: Bool
  ) {
    // SQLite reads the list of tables as it opens the file.
    let reader = try ReadConnection.open(path, busyTimeout: busyTimeout)
    let holdsNothing = try FileMark.refuseForeign(reader, path: path)
    try refuseNewerSchema(reader, path: path)
    return (reader, holdsNothing, try reader.read(Schema.migrator.hasCompletedMigrations))
  }

  /// Opens a file that is there: looked at without writing first, since setting up WAL
  /// writes to it.
  private static func openExisting(
    _ path: String, access: Access, busyTimeout: TimeInterval,
    migrationProgress: @escaping @Sendable (Double) -> Void
  ) throws(TallyError) -> TallyDatabase {
    let (reader, holdsNothing, isCurrent): (DatabaseQueue, Bool, Bool)
    do {
      (reader, holdsNothing, isCurrent) = try probe(path, busyTimeout: busyTimeout)
    } catch let error as TallyError {
      throw error
    } catch {
      throw StorageFailure.describe(error, doing: "open the database", path: path)
    }
    // An empty file is read as an empty database; only a write makes it one.
    if holdsNothing, access != .create {
      try? reader.close()
      return try inMemory(path: path)
    }
    // A database an older tally wrote is brought up to date first, by a writer.
    if access == .read, isCurrent { return TallyDatabase(queue: reader, path: path) }
    try? reader.close()
    try refuseUnwritable(path)
    return try opening(path, busyTimeout: busyTimeout, migrationProgress: migrationProgress) {
      configuration in try DatabaseQueue(path: path, configuration: configuration)
    }
  }

  /// Refuses a database that this process may not write, before SQLite opens it: SQLite would
  /// open the file read-only and leave a `-wal` and `-shm` of this user's beside it.
  private static func refuseUnwritable(_ path: String) throws(TallyError) {
    let parent = (path as NSString).deletingLastPathComponent
    let folder = parent.isEmpty ? "." : parent
    let hint = "Nothing was changed. Commands that only read (lists, reports, export) work on it."
    if access(path, W_OK) != 0 {
      throw TallyError(
        .storage, "the database \(path) is read-only: you may not write it", hint: hint)
    }
    if access(folder, W_OK) != 0 {
      throw TallyError(
        .storage,
        "the database \(path) cannot be written: you may not write its folder \(folder), "
          + "where SQLite keeps its journal",
        hint: hint)
    }
  }

  /// Takes back the database this process made when it opened it, after the command that
  /// opened it failed: the file, the files SQLite kept beside it, and the folders made for it.
  ///
  /// Only while it holds no project and no journal entry: another tally that opened the new
  /// file meanwhile may have written to it, and what it wrote stays.
  public func discardIfCreated() {
    guard let created else { return }
    // A database whose tables could not even be read holds nothing of anyone's.
    let held = try? queue.read { db in
      try Int.fetchOne(
        db, sql: "SELECT (SELECT count(*) FROM project) + (SELECT count(*) FROM journal)")
    }
    guard (held ?? 0) == 0 else { return }
    try? queue.close()
    created.remove()
  }

  /// A private database in memory, for tests and dry runs.
  ///
  /// - Parameter path: The path that messages name; a database that does not exist yet is
  ///   read as this empty one.
  /// - Returns: The empty database, its schema up to date.
  /// - Throws: ``TallyError`` when SQLite cannot make it.
  public static func inMemory(path: String = ":memory:") throws(TallyError) -> TallyDatabase {
    try opening(path, busyTimeout: 0, inMemory: true) { configuration in
      try DatabaseQueue(configuration: configuration)
    }
  }

  private static func opening(
    _ path: String, busyTimeout: TimeInterval, created: CreatedDatabase? = nil,
    inMemory: Bool = false, migrationProgress: @escaping @Sendable (Double) -> Void = { _ in },
    _ makeQueue: (Configuration) throws -> DatabaseQueue
  ) throws(TallyError) -> TallyDatabase {
    var configuration = Configuration()
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
      try queue.writeWithoutTransaction { db in
        // Not GRDB's WAL set-up (`journalMode = .wal`): it writes a transaction on every open
        // (a `-wal` for its pools' readers), so that even a command that then fails changed
        // the file. Switching to WAL writes only the first time; after that it is a read.
        if !inMemory, try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
          let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
          guard mode == "wal" else {
            throw TallyError(.storage, "SQLite cannot keep \(path) in WAL mode (\(mode ?? "?"))")
          }
        }
        // synchronous = FULL makes each commit durable in WAL mode (NORMAL can lose the last
        // commits on a power cut): nothing entered is lost.
        try db.execute(sql: "PRAGMA synchronous = FULL")
      }
      let database = TallyDatabase(queue: queue, path: path, created: created)
      try database.migrate(progress: migrationProgress)
      return database
    } catch let error as TallyError {
      throw error
    } catch {
      throw StorageFailure.describe(error, doing: "open the database", path: path)
    }
  }

  /// Brings the schema up to date, refusing a database from a newer tally.
  func migrate(progress: @escaping @Sendable (Double) -> Void = { _ in }) throws {
    try Self.refuseNewerSchema(queue, path: path)
    let migrator = Schema.migrator(progress: progress)
    if try !queue.read(migrator.hasCompletedMigrations) {
      try migrator.migrate(queue)
    }
  }

  static func refuseNewerSchema(_ queue: DatabaseQueue, path: String) throws {
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
    } catch let broken as RuleBroken {
      throw broken.error(doing: operation)
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
