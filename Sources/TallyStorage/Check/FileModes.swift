import Foundation
import TallyCore

/// Who else may read a database's files: `tally check` reports a file (the database, its
/// `-wal`, `-shm` or `-journal`) that other users may read or change, and a folder they may
/// list.
enum FileModes {
  /// The database at `path`, the files SQLite keeps beside it and its folder, where they are
  /// open to other users.
  static func problems(ofDatabase path: String) -> [IntegrityProblem] {
    var problems: [IntegrityProblem] = []
    for file in [path] + CreatedDatabase.companions(of: path) {
      if let mode = mode(of: file), mode & 0o077 != 0 {
        problems.append(.openToOthers(path: file, mode: mode, isFolder: false))
      }
    }
    let parent = (path as NSString).deletingLastPathComponent
    let folder = parent.isEmpty ? "." : parent
    if let mode = mode(of: folder), mode & 0o044 != 0 {
      problems.append(.openToOthers(path: folder, mode: mode, isFolder: true))
    }
    return problems
  }

  /// The permission bits of what is at `path`, if anything is.
  private static func mode(of path: String) -> UInt32? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return UInt32(status.st_mode) & 0o7777
  }
}
