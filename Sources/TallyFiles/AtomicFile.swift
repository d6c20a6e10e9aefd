import Foundation
public import TallyCore

/// Writes a file so that it is either wholly there or not changed.
///
/// The text goes into a file without a name in the target's folder (Linux's `O_TMPFILE`),
/// which is synced to the disk, then named beside the target and renamed over it, and the
/// folder synced so that the rename itself survives a power cut. A process killed while it
/// writes leaves nothing behind: the file only gets a name once it is whole. Where the file
/// system has no unnamed files, a named temporary file is written instead. Any failure removes
/// the temporary file and leaves an existing target as it was.
public enum AtomicFile {
  /// Writes `text` to the file `named` (through a symbolic link, to the file it names).
  ///
  /// - Parameters:
  ///   - text: What the file is to hold.
  ///   - named: The file's path.
  ///   - hint: What to do when `named` is not a regular file.
  /// - Throws: ``TallyError`` when it cannot be written; an existing file is as it was then.
  public static func write(
    _ text: String, to named: String,
    hint: String = "Leave out --output to write to standard output, or name a file."
  ) throws(TallyError) {
    // A symbolic link is written through, to the file it names (made if it is not there):
    // replacing the link itself would leave the file it points at as it was.
    let path = resolvingLinks(named)
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    let temporary = folder + "/.\(url.lastPathComponent).\(UUID().uuidString).tmp"
    var existing = stat()
    let exists = stat(path, &existing) == 0
    if exists, existing.st_mode & S_IFMT != S_IFREG {
      throw TallyError(
        .invalidInput, "cannot write \(path): it is not a regular file",
        hint: hint)
    }
    // A file that is replaced keeps its permissions; a new one gets the usual 0644.
    let mode = exists ? existing.st_mode & 0o7777 : 0o644
    let bytes = Array(text.utf8)
    do {
      if try !writeUnnamed(bytes, in: folder, as: temporary, mode: mode) {
        try writeNamed(bytes, to: temporary, mode: mode)
      }
      guard rename(temporary, path) == 0 else { throw POSIXError.current }
    } catch {
      unlink(temporary)
      throw TallyError(
        .invalidInput, "cannot write \(path): \(error.reason)",
        hint: "Nothing was written; an existing file is as it was.")
    }
    // The rename is done; syncing the folder makes it durable.
    FileSync.folder(folder)
  }

  /// The file `path` names once every symbolic link in its last part is followed, whether or
  /// not that file is there; `path` itself when it is no link (or links go round in a circle).
  static func resolvingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { return current }
      current =
        target.hasPrefix("/")
        ? target
        : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target)
          .path
    }
    return path
  }

  /// Writes `bytes` into an unnamed file in `folder`, syncs it, and only then names it `name`.
  ///
  /// - Returns: `false` when the folder's file system has no unnamed files (or `/proc`, which
  ///   names one, is not there); nothing was made then.
  private static func writeUnnamed(
    _ bytes: [UInt8], in folder: String, as name: String, mode: mode_t
  ) throws -> Bool {
    let descriptor = open(folder, unnamedFile | O_WRONLY | O_CLOEXEC, mode)
    guard descriptor >= 0 else {
      if [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) { return false }
      throw POSIXError.current
    }
    defer { close(descriptor) }
    try writeAll(bytes, to: descriptor)
    guard fsync(descriptor) == 0 else { throw POSIXError.current }
    guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0
    else {
      if errno == ENOENT { return false }
      throw POSIXError.current
    }
    return true
  }

  /// Writes `bytes` into a new file `name` and syncs it.
  private static func writeNamed(_ bytes: [UInt8], to name: String, mode: mode_t) throws {
    let descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw POSIXError.current }
    defer { close(descriptor) }
    try writeAll(bytes, to: descriptor)
    guard fsync(descriptor) == 0 else { throw POSIXError.current }
  }

  /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Swift does not import.
  private static let unnamedFile: Int32 = 0o20_000_000 | O_DIRECTORY

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return Foundation.write(descriptor, base + written, buffer.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw POSIXError.current
      }
      written += count
    }
  }
}
