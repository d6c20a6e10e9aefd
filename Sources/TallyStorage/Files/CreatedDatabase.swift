import Foundation
import TallyCore
import TallyFiles

/// A database file this process made, with the folders it made for it: what a first-time
/// create takes back when the command that made it fails.
///
/// The file is made empty with mode `0600` before SQLite opens it. SQLite gives the files it
/// keeps beside a database (`-wal`, `-shm`, `-journal`) the database's own mode, whatever the
/// umask (its `robust_open` sets the mode again when the umask took bits away), so they are
/// `0600` too. The umask itself is left alone: it belongs to the whole process, and another
/// thread making a file meanwhile would get it.
struct CreatedDatabase: Sendable {
  /// The mode of the database files tally makes.
  static let mode: mode_t = 0o600

  /// The database file.
  let path: String
  /// The folders made for it, outermost first.
  let folders: [String]

  /// The files SQLite keeps beside a database at `path`.
  static func companions(of path: String) -> [String] {
    ["-wal", "-shm", "-journal"].map { path + $0 }
  }

  /// Makes an empty file at `path` with mode `0600`, and the folders above it with `0700`.
  ///
  /// - Returns: The file made, or `nil` when another process made it meanwhile (the file is
  ///   theirs then, and is opened as it is).
  /// - Throws: ``TallyError`` when the folders or the file cannot be made; nothing is left.
  static func make(at path: String) throws(TallyError) -> CreatedDatabase? {
    let folder = (path as NSString).deletingLastPathComponent
    let folders: [String]
    do {
      folders = try PrivateFolder.make(folder.isEmpty ? "." : folder)
    } catch {
      throw TallyError(
        .storage, "cannot create the folder \(folder) for the database: \(error.reason)",
        hint: "Check that you may write the folder above it, or choose another path with --db.")
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
    guard descriptor >= 0 else {
      let failure = errno
      PrivateFolder.remove(folders)
      if failure == EEXIST { return nil }
      throw TallyError(
        .storage,
        "cannot create the database \(path): \(POSIXError.reason(failure))",
        hint: "Check that you may write its folder, or choose another path with --db.")
    }
    // Whatever the umask took away, the owner reads and writes it, and no one else.
    fchmod(descriptor, mode)
    close(descriptor)
    return CreatedDatabase(path: path, folders: folders)
  }

  /// Removes the file, the files SQLite kept beside it, and the folders made for it (where
  /// they are empty).
  func remove() {
    for file in [path] + Self.companions(of: path) {
      unlink(file)
    }
    PrivateFolder.remove(folders)
  }
}
