import Foundation
import GRDB
public import TallyCore
import TallyFiles

/// What a backup holds, or a restore brought in.
public struct BackupSummary: Equatable, Sendable {
  /// How many projects.
  public var projects: Int
  /// How many readings.
  public var readings: Int

  /// Creates a summary.
  public init(projects: Int, readings: Int) {
    self.projects = projects
    self.readings = readings
  }
}

extension TallyDatabase {
  /// Writes a consistent copy of the whole database into the new file `path` with SQLite's
  /// online backup: every table, the undo history, the list of imports and the readings an
  /// undone import set aside included, as one snapshot while other processes go on writing.
  ///
  /// - Returns: What the backup holds.
  /// - Throws: ``TallyError`` when `path` exists or cannot be written; nothing is left behind.
  public func backup(to path: String) throws(TallyError) -> BackupSummary {
    guard isStored else {
      throw TallyError(
        .notFound, "there is no database at \(self.path) to back up; nothing was written",
        hint: "Check --db or TALLY_DB.")
    }
    let file = try NewFile(path)
    do {
      let destination = try DatabaseQueue(path: file.temporary)
      try queue.backup(to: destination)
      // A copy of damage, or of rows that break tally's rules, is no backup to rely on.
      try Self.expectSound(destination, path: self.path, doing: "back up")
      let summary = try destination.read(Self.summary)
      try destination.close()
      try file.commit()
      return summary
    } catch {
      file.discard()
      throw Self.describe(error, doing: "back up the database", path: path)
    }
  }

  /// Writes `copy`, another storage's data, into the new SQLite file `path`: the backup of a
  /// database on a server.
  ///
  /// - Returns: What the backup holds.
  /// - Throws: ``TallyError`` when `path` exists or cannot be written, or the copy fails its
  ///   checks; nothing is left behind.
  public static func backup(_ copy: StoredCopy, to path: String) throws(TallyError)
    -> BackupSummary
  {
    let file = try NewFile(path)
    do {
      let location = DatabaseLocation(option: file.temporary, environment: [:], homeDirectory: "/")
      let database = try TallyDatabase.open(at: location)
      try database.receive(copy)
      try expectSound(database.queue, path: path, doing: "back up")
      let summary = try database.queue.read(summary)
      try database.queue.close()
      try file.commit()
      return summary
    } catch {
      file.discard()
      throw describe(error, doing: "back up the database", path: path)
    }
  }

  /// Brings the backup at `path` into this database, which must hold no projects: the whole
  /// file as it was (undo history and list of imports included), in one step, or nothing.
  ///
  /// - Returns: What the restored database holds.
  /// - Throws: ``TallyError`` when the file is not a tally backup, is from a newer tally, or
  ///   this database holds projects; nothing is changed then.
  public func restore(from path: String) throws(TallyError) -> BackupSummary {
    do {
      let source = try Self.openCheckedBackupFile(at: path)
      defer { try? source.close() }
      let held = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM project") }
      guard held == 0 else {
        throw TallyError(
          .conflict,
          "\(self.path) already holds \(held ?? 0) projects; restore brings a backup into an "
            + "empty database, and nothing was changed",
          hint: "Name a new database with --db or TALLY_DB.")
      }
      try source.backup(to: queue)
      try migrate()
      return try queue.read(Self.summary)
    } catch {
      throw Self.describe(error, doing: "restore \(path)", path: self.path)
    }
  }

  /// Whether the database is a file: one that does not exist yet, or is empty, is read as an
  /// empty database in memory.
  var isStored: Bool { queue.path != ":memory:" && !queue.path.isEmpty }

  /// Opens the backup at `path` to copy from, after checking that it is one.
  ///
  /// - Returns: The backup, as a storage to copy.
  /// - Throws: ``TallyError`` naming the file, when it is no tally backup or `tally check`
  ///   refuses it (as a restore into SQLite does).
  public static func openBackup(_ path: String) throws(TallyError) -> TallyDatabase {
    let checked = try openCheckedBackupFile(at: path)
    try? checked.close()
    return try open(
      at: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"), access: .read)
  }

  /// Opens the backup at `path` to read from: a tally database that `tally check` finds sound.
  ///
  /// - Returns: The backup, read-only.
  /// - Throws: ``TallyError`` naming the file.
  static func openCheckedBackupFile(at path: String) throws(TallyError) -> DatabaseQueue {
    let source: DatabaseQueue
    do {
      source = try openBackupFile(at: path)
    } catch {
      // As any database is opened: a file that is not SQLite is called that, not damaged.
      var refusal = describe(error, doing: "open the database", path: path)
      refusal.hint = "Name a file that `tally backup` wrote."
      throw refusal
    }
    do {
      try expectSound(source, path: path, doing: "restore")
    } catch {
      try? source.close()
      throw describe(error, doing: "restore", path: path)
    }
    return source
  }

  /// Opens the backup at `path` to read from, after checking that it is one: a tally
  /// database (not an empty one) that this tally can read.
  ///
  /// - Returns: The backup, read-only.
  /// - Throws: ``TallyError`` naming the file.
  static func openBackupFile(at path: String) throws -> DatabaseQueue {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue
    else {
      throw TallyError(.notFound, "there is no backup file \(path)")
    }
    // As every command that only reads opens a database: a read-only connection would leave
    // the backup's `-wal` and `-shm` behind it (see ``ReadConnection``).
    let source = try ReadConnection.open(path, busyTimeout: 5)
    if try FileMark.refuseForeign(source, path: path) {
      throw TallyError(.invalidInput, "\(path) is empty: it holds no tally backup")
    }
    try refuseNewerSchema(source, path: path)
    return source
  }

  /// Refuses the database in `queue` (`path` for messages) unless `tally check` finds nothing
  /// wrong in it: SQLite's integrity check and tally's rules (counters, meters, the journal).
  ///
  /// - Throws: ``TallyError`` naming the first problem and how many more there are.
  static func expectSound(_ queue: DatabaseQueue, path: String, doing operation: String) throws {
    let report = try TallyDatabase(queue: queue, path: path).checkIntegrity()
    guard let first = report.problems.first else { return }
    let more = report.problems.count - 1
    throw TallyError(
      .invalidInput,
      "cannot \(operation): \(path) does not pass tally check: \(first)"
        + (more > 0 ? " (and \(more) more problem\(more == 1 ? "" : "s"))" : "")
        + "; nothing was written",
      hint: "`tally check --db \(path)` lists what is wrong.")
  }

  private static func summary(_ db: Database) throws -> BackupSummary {
    BackupSummary(
      projects: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM project") ?? 0,
      readings: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM reading") ?? 0)
  }

  private static func describe(_ error: any Error, doing operation: String, path: String)
    -> TallyError
  {
    if let error = error as? TallyError { return error }
    if let broken = error as? RuleBroken { return broken.error(doing: operation) }
    return StorageFailure.describe(error, doing: operation, path: path)
  }
}
