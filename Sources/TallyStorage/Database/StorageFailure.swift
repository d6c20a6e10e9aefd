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
    case .SQLITE_NOTADB:
      return TallyError(
        .storage, "\(path) is not a tally database (it is not SQLite)",
        hint: "Choose another file with --db or TALLY_DB.")
    case .SQLITE_CANTOPEN:
      return TallyError(
        .storage, "cannot open the database \(path): \(error.message ?? "no access")",
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
    case .SQLITE_CORRUPT:
      return TallyError(
        .storage, "cannot \(operation): the database \(path) is damaged",
        hint: "Restore it from a backup or from `tally export`.")
    default:
      return TallyError(
        .storage, "cannot \(operation) (\(path)): \(error.message ?? "\(error.resultCode)")",
        hint: nothingChanged)
    }
  }
}
