public import TallyCore
public import TallyPostgres
public import TallyStorage

/// A database opened for a command, and what it can do, known from how it was opened rather
/// than guessed later: every backend reads and writes (``storage``), is copied, takes a copy
/// and is checked; a SQLite file also backs itself up and restores as a file; a server also
/// shares projects and is set up for a team.
public enum OpenedDatabase: Sendable {
  /// A SQLite file.
  case file(TallyDatabase)
  /// A database on a PostgreSQL server.
  case server(PostgresStorage)

  /// What every backend does: read, write and undo, be copied, take a copy, be checked.
  private var full: any StorageCopying & StorageReceiving & StorageChecking {
    switch self {
    case .file(let database): database
    case .server(let server): server
    }
  }

  /// What every backend does: read, write, undo.
  public var storage: any Storage { full }
  /// The database as a source of a copy (`migrate`, `backup` from a server).
  public var copying: any StorageCopying { full }
  /// The database as the target of a copy (`migrate`, `restore` onto a server).
  public var receiving: any StorageReceiving { full }
  /// The database as `tally check` reads it.
  public var checking: any StorageChecking { full }

  /// The server, which shares projects and sets a team up; `nil` for a file.
  public var server: PostgresStorage? {
    guard case .server(let server) = self else { return nil }
    return server
  }
}

extension DatabaseLocation {
  /// Whether the location names a PostgreSQL server (a `postgresql://` URL) rather than a
  /// SQLite file: the one place this is decided.
  public var isServer: Bool {
    PostgresAddress.isServerURL(path)
  }
}
