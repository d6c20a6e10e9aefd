import Foundation
import TallyCore

/// Writes a file so that it is either wholly there or not changed.
///
/// A temporary file beside it is written and synced to the disk, then renamed over the target,
/// and the folder synced so that the rename itself survives a power cut. Any failure removes
/// the temporary file and leaves an existing target as it was.
enum AtomicFile {
  static func write(_ text: String, to path: String) throws(TallyError) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    let temporary = folder + "/.\(url.lastPathComponent).\(UUID().uuidString).tmp"
    do {
      // A file that is replaced keeps its permissions; a new one gets the usual 0644.
      var existing = stat()
      let mode = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
      guard descriptor >= 0 else { throw POSIXError.current }
      do {
        defer { close(descriptor) }
        try writeAll(Array(text.utf8), to: descriptor)
        guard fsync(descriptor) == 0 else { throw POSIXError.current }
      }
      guard rename(temporary, path) == 0 else { throw POSIXError.current }
    } catch {
      unlink(temporary)
      throw TallyError(
        .invalidInput, "cannot write \(path): \(error.localizedDescription)",
        hint: "Nothing was written; an existing file is as it was.")
    }
    // The rename is done; syncing the folder makes it durable. A folder that cannot be opened
    // or synced (some file systems refuse) does not undo a write that succeeded.
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
  }

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

extension POSIXError {
  /// The error `errno` holds now.
  static var current: POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}
