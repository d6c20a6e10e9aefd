import Foundation

/// Makes what was written to a file, or a name made in a folder, survive a power cut.
enum FileSync {
  /// Syncs the file at `path` to the disk.
  ///
  /// - Returns: Whether it was synced; `errno` says why not.
  static func file(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return fsync(descriptor) == 0
  }

  /// Syncs `folder`, so that a file named or renamed in it stays so.
  ///
  /// A folder that cannot be opened or synced (some file systems refuse) does not undo the
  /// write before it, which succeeded: this is done as well as the file system allows.
  static func folder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}
