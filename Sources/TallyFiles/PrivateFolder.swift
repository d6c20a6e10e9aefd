public import Foundation

/// Folders that tally makes for its own files, which only their owner may enter (`0700`).
public enum PrivateFolder {
  /// The mode of the folders tally makes.
  public static let mode: mode_t = 0o700

  /// Makes `path` and the folders above it that are missing, each with mode `0700`.
  ///
  /// Folders that exist are left as they are.
  ///
  /// - Returns: The folders made, outermost first, so that a failure after can take them back.
  /// - Throws: `POSIXError` when one cannot be made (no permission, a file in the way); the
  ///   folders made before it are taken back then.
  @discardableResult
  public static func make(_ path: String) throws(POSIXError) -> [String] {
    var missing: [String] = []
    var folder = path
    while !folder.isEmpty, folder != "/", !exists(folder) {
      missing.append(folder)
      folder = (folder as NSString).deletingLastPathComponent
    }
    var made: [String] = []
    for folder in missing.reversed() {
      guard mkdir(folder, mode) == 0 else {
        // Another process made it meanwhile: it is theirs, not ours to take back.
        if errno == EEXIST { continue }
        let failure = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        remove(made)
        throw failure
      }
      // The umask may have taken bits away from 0700; the owner needs all three.
      chmod(folder, mode)
      made.append(folder)
    }
    return made
  }

  /// Removes `folders` (as ``make(_:)`` returns them), innermost first, where they are empty.
  public static func remove(_ folders: [String]) {
    for folder in folders.reversed() {
      rmdir(folder)
    }
  }

  private static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }
}
