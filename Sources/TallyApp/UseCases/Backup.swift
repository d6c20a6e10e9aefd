public import TallyCore
public import TallyStorage

/// `tally backup` and `tally restore`: a consistent copy of a whole database in a new SQLite
/// file, and that copy brought back into an empty database, SQLite or PostgreSQL.
public enum Backup {
  /// Writes everything `storage` holds into the new SQLite file `path`: from SQLite with its
  /// online backup (the undo history included), from a server in one read snapshot (projects,
  /// imports, readings and timers; a server keeps each person's undo history to itself).
  ///
  /// - Returns: What the backup holds.
  /// - Throws: ``TallyError`` when `path` exists or cannot be written, or the storage cannot
  ///   be read; nothing is left behind.
  public static func write(_ database: OpenedDatabase, to path: String) throws(TallyError)
    -> BackupSummary
  {
    switch database {
    case .file(let file):
      return try file.backup(to: path)
    case .server(let server):
      return try server.withCopy { copy throws(TallyError) in
        try TallyDatabase.backup(copy, to: path)
      }
    }
  }

  /// Brings the backup in `path` into `storage`, which must hold no projects, all or nothing:
  /// into SQLite the file as it was, onto a server its projects, imports, readings and timers.
  ///
  /// - Returns: What was restored.
  /// - Throws: ``TallyError`` when the file is not a tally backup, `storage` holds projects,
  ///   or the copy fails its checks; nothing is changed then.
  public static func restore(from path: String, into database: OpenedDatabase)
    throws(TallyError) -> BackupSummary
  {
    switch database {
    case .file(let file):
      return try file.restore(from: path)
    case .server(let server):
      let backup = try TallyDatabase.openBackup(path)
      let summary = try StorageMigration.copy(from: backup, to: server)
      return BackupSummary(projects: summary.projects, readings: summary.readings)
    }
  }

  /// Opens the database `options` name, made if it is not there, and brings the backup in
  /// `path` into it as the other `restore(from:into:)` does; a database made for the
  /// restore goes again when it fails.
  ///
  /// - Returns: What was restored.
  /// - Throws: ``TallyError`` when the database cannot be opened or the restore fails.
  public static func restore(from path: String, into options: SessionOptions)
    throws(TallyError) -> BackupSummary
  {
    let database = try options.open()
    do {
      return try restore(from: path, into: database)
    } catch {
      database.storage.discardIfCreated()
      throw error
    }
  }
}
