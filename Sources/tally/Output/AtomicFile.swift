import Foundation
import TallyCore

/// Writes a file so that it is either wholly there or not changed: a temporary file beside it,
/// then a rename.
enum AtomicFile {
  static func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    do {
      try Data(text.utf8).write(to: temporary)
      if rename(temporary.path, url.path) != 0 {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? POSIXErrorCode.EIO)
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw TallyError(.invalidInput, "cannot write \(path): \(error.localizedDescription)")
    }
  }
}
