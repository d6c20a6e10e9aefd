import Foundation
import GRDB
import TallyCore

/// How a command that only reads opens an existing database: it takes no write lock, writes
/// nothing, and leaves no file behind, on a read-only file, in a read-only folder and while
/// another process holds a write transaction.
///
/// - Where tally may write the file and its folder, an ordinary connection with
///   `PRAGMA query_only`: SQLite refuses any write on it. Not `SQLITE_OPEN_READONLY`: a
///   read-only connection that closes last cannot take away the `-wal` and `-shm` files it
///   made, and leaves them behind (measured with SQLite 3.40).
/// - Else, when the `-shm` of another connection is there, `SQLITE_OPEN_READONLY`: it reads
///   the committed changes still in the `-wal` through it.
/// - Else, with no `-wal` or an empty one, read-only and `immutable`: the file holds every
///   change, and SQLite reads it without the `-shm` it could not make in a read-only folder.
///   A writer that starts meanwhile (one that may write where this process may not) is not
///   seen.
enum ReadConnection {
  /// Opens the database at `path`, which exists, for reading.
  ///
  /// - Throws: ``TallyError`` when its changes wait in a `-wal` that only a writer can bring
  ///   in; SQLite's errors as they are.
  static func open(_ path: String, busyTimeout: TimeInterval) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeout)
    configuration.label = "tally.read"
    let folder = (path as NSString).deletingLastPathComponent
    if access(path, W_OK) == 0, access(folder.isEmpty ? "." : folder, W_OK) == 0 {
      configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA query_only = ON") }
      return try DatabaseQueue(path: path, configuration: configuration)
    }
    configuration.readonly = true
    if access(path + "-shm", F_OK) == 0 {
      return try DatabaseQueue(path: path, configuration: configuration)
    }
    var wal = stat()
    if stat(path + "-wal", &wal) == 0, wal.st_size > 0 {
      throw TallyError(
        .storage,
        "cannot read \(path): its latest changes wait in \(path)-wal, which only a process "
          + "that may write \(folder.isEmpty ? "." : folder) can bring in",
        hint: "Run a tally command that writes, where you may write the folder, then read it.")
    }
    return try DatabaseQueue(path: immutableURI(path), configuration: configuration)
  }

  /// The URI that opens `path` as a file that does not change (SQLite's `immutable`).
  static func immutableURI(_ path: String) -> String {
    var escaped = ""
    for character in path {
      switch character {
      case "%": escaped += "%25"
      case "?": escaped += "%3F"
      case "#": escaped += "%23"
      default: escaped.append(character)
      }
    }
    // An absolute path after an empty authority: `file:///home/ann/t.sqlite`.
    return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?immutable=1"
  }
}
