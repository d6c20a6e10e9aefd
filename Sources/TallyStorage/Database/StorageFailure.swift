import Foundation
import GRDB
import TallyCore

/// Turns SQLite's failures into messages that say what failed and that nothing changed.
enum StorageFailure {
  static func describe(_ error: any Error, doing operation: String, path: String) -> TallyError {
    guard let error = error as? DatabaseError else {
      return TallyError(.storage, "cannot \(operation) (\(path)): \(error)")
    }
    let nothingChanged = "Nothing was changed."
    switch error.resultCode {
    case .SQLITE_NOTADB where operation == "open the database":
      return TallyError(
        .storage, "\(path) is not a tally database (it is not SQLite)",
        hint: "Choose another file with --db or TALLY_DB.")
    case .SQLITE_CORRUPT, .SQLITE_NOTADB:
      // Not SQLite's words ("database disk image is malformed"): what to do about it.
      return damaged(path, doing: operation)
    case .SQLITE_CANTOPEN:
      return TallyError(
        .storage, "cannot open the database \(path): \(whyNotOpened(path))",
        hint: "Check that the folder exists and that you may read and write it.")
    case .SQLITE_READONLY:
      return TallyError(
        .storage, "cannot \(operation): the database \(path) is read-only", hint: nothingChanged)
    case .SQLITE_FULL:
      return TallyError(
        .storage, "cannot \(operation): the disk holding \(path) is full", hint: nothingChanged)
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      return TallyError(
        .storage, "cannot \(operation): another program kept the database \(path) busy",
        hint: "\(nothingChanged) Try again.")
    case .SQLITE_CONSTRAINT:
      return TallyError(
        .conflict, "cannot \(operation): \(error.message ?? "a constraint failed")",
        hint: nothingChanged)
    default:
      return TallyError(
        .storage, "cannot \(operation) (\(path)): \(error.message ?? "\(error.resultCode)")",
        hint: nothingChanged)
    }
  }

  /// Whether `error` is SQLite finding the database damaged.
  ///
  /// - Parameters:
  ///   - error: What was thrown.
  ///   - readingHeader: Whether "not a database" counts: it is damage midway, but on a first
  ///     look at a file it means that the file is not SQLite at all.
  /// - Returns: `true` for damage.
  static func isDamage(_ error: any Error, readingHeader: Bool = true) -> Bool {
    guard let error = error as? DatabaseError else { return false }
    switch error.resultCode {
    case .SQLITE_CORRUPT: return true
    case .SQLITE_NOTADB: return readingHeader
    default: return false
    }
  }

  /// A database SQLite found damaged while doing `operation`.
  static func damaged(_ path: String, doing operation: String) -> TallyError {
    TallyError(
      .storage, "cannot \(operation): the database \(path) is damaged",
      hint:
        "`tally check --db \(shellWord(path))` lists what is wrong; restore the file from a "
        + "backup.")
  }

  /// Why SQLite could not open `path`, as far as the file system tells.
  private static func whyNotOpened(_ path: String) -> String {
    guard access(path, F_OK) == 0 else {
      return errno == EACCES ? "you may not enter a folder on its path" : "it is not there"
    }
    if access(path, R_OK) != 0 { return "you may not read it" }
    return "SQLite cannot open it"
  }

  /// `text` as one word for a POSIX shell: as it is when it holds only safe characters, else
  /// in single quotes.
  static func shellWord(_ text: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,@%")
    if !text.isEmpty, text.allSatisfy(safe.contains) { return text }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
