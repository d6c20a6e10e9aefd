import Foundation
import TallyCore

/// What is at the path a database is asked to be at, as `stat` sees it through links.
///
/// Only a regular file (or nothing yet) can be a database: SQLite would wait for ever on a
/// named pipe's other end, and beside `/dev/null` it would leave a `/dev/null-journal`.
enum PathKind: Equatable {
  /// Nothing is there.
  case missing
  /// A symbolic link whose target does not exist.
  case danglingLink(target: String)
  /// A regular file of `size` bytes.
  case file(size: Int64)
  case folder
  case namedPipe
  case characterDevice
  case blockDevice
  case socket
  /// `stat` failed for another reason (no access to a folder on the way): SQLite says why
  /// when it opens the path.
  case unknown

  /// What is at `path`.
  static func of(_ path: String) -> PathKind {
    var status = stat()
    guard stat(path, &status) == 0 else {
      guard errno == ENOENT else { return .unknown }
      var link = stat()
      if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        return .danglingLink(target: target)
      }
      return .missing
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .file(size: Int64(status.st_size))
    case S_IFDIR: return .folder
    case S_IFIFO: return .namedPipe
    case S_IFCHR: return .characterDevice
    case S_IFBLK: return .blockDevice
    case S_IFSOCK: return .socket
    default: return .unknown
    }
  }

  /// Whether it is a symbolic link to nothing.
  var isDanglingLink: Bool {
    if case .danglingLink = self { return true }
    return false
  }

  /// Why a database cannot be at `path`, if it cannot.
  ///
  /// - Parameters:
  ///   - path: The path, for the message.
  ///   - creating: Whether the command would create the database; a link to nothing only
  ///     stops one that would (SQLite would create the link's target).
  /// - Returns: The refusal, or `nil` when a database can be there.
  func refusal(of path: String, creating: Bool) -> TallyError? {
    let what: String
    switch self {
    case .missing, .file, .unknown:
      return nil
    case .danglingLink(let target):
      guard creating else { return nil }
      return TallyError(
        .storage, "\(path) is a symbolic link to \(target), which does not exist",
        hint: "Name the database file itself with --db or TALLY_DB.")
    case .folder:
      return TallyError(
        .storage, "\(path) is a folder, not a database file",
        hint:
          "Name a file with --db or TALLY_DB, such as "
          + URL(fileURLWithPath: path).appendingPathComponent("tally.sqlite").path + ".")
    case .namedPipe: what = "a named pipe (FIFO)"
    case .characterDevice: what = "a character device"
    case .blockDevice: what = "a block device"
    case .socket: what = "a socket"
    }
    return TallyError(
      .storage, "\(path) is \(what), not a database file; nothing was opened",
      hint: "Name a regular file with --db or TALLY_DB.")
  }
}
