import Foundation
public import TallyCore

/// A file tally writes anew beside where it will be (a backup): written under a temporary
/// name, readable by its owner alone, synced, then linked into place only if nothing is there,
/// so an existing file is never overwritten and a failure leaves nothing behind.
public struct NewFile {
  /// Where the file will be.
  public let path: String
  /// Where it is written first.
  public let temporary: String

  /// Reserves the temporary name beside `path`, after checking that `path` is free and its
  /// folder exists.
  ///
  /// - Throws: ``TallyError`` when `path` exists or its folder does not.
  public init(_ path: String) throws(TallyError) {
    self.path = path
    if FileManager.default.fileExists(atPath: path) {
      throw TallyError(
        .conflict, "\(path) already exists; nothing was written",
        hint: "Name a new file: a backup never overwrites one.")
    }
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue
    else {
      throw TallyError(
        .notFound, "there is no folder \(folder) to write \(url.lastPathComponent) in")
    }
    temporary =
      url.deletingLastPathComponent().appendingPathComponent(
        ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp"
      ).path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      throw TallyError(
        .storage, "cannot write \(path): \(POSIXError.current.reason)",
        hint: "Check that the folder is writable.")
    }
    close(descriptor)
  }

  /// Syncs the written file and links it into place.
  ///
  /// - Throws: ``TallyError`` when it cannot be synced, or `path` appeared meanwhile; the
  ///   temporary file is removed either way.
  public func commit() throws(TallyError) {
    defer { discard() }
    guard FileSync.file(temporary) else {
      throw TallyError(.storage, "cannot sync \(temporary): \(POSIXError.current.reason)")
    }
    guard link(temporary, path) == 0 else {
      throw TallyError(
        .conflict, "cannot write \(path): \(POSIXError.current.reason); nothing was written",
        hint: "Name a new file: a backup never overwrites one.")
    }
    FileSync.folder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
  }

  /// Removes the temporary file and SQLite's files beside it.
  public func discard() {
    for suffix in ["", "-wal", "-shm", "-journal"] {
      unlink(temporary + suffix)
    }
  }
}
