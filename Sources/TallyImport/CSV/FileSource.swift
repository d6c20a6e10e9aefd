import Crypto
import Foundation

/// The bytes of a file, read in chunks, hashed (SHA-256) and counted on the way through.
public final class FileSource: ByteSource {
  private let handle: FileHandle
  private var hasher = SHA256()
  /// How many bytes have been read so far.
  public private(set) var bytesRead = 0
  /// The file's size when it was opened, for progress.
  public let size: Int
  /// Whether it is a regular file, which reads the same when opened again (a pipe does not).
  public let isRegularFile: Bool

  /// Opens the file at `path` for reading.
  ///
  /// - Throws: `CocoaError` when the file does not exist or cannot be read.
  public init(path: String) throws {
    let url = URL(fileURLWithPath: path)
    handle = try FileHandle(forReadingFrom: url)
    // What was opened, through any symbolic link.
    var status = stat()
    let known = fstat(handle.fileDescriptor, &status) == 0
    isRegularFile = known && status.st_mode & S_IFMT == S_IFREG
    size = known && isRegularFile ? Int(status.st_size) : 0
  }

  deinit {
    try? handle.close()
  }

  public func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    let descriptor = handle.fileDescriptor
    while true {
      let count = Foundation.read(descriptor, base, buffer.count)
      if count < 0 {
        if errno == EINTR { continue }
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? POSIXErrorCode.EIO)
      }
      hasher.update(bufferPointer: UnsafeRawBufferPointer(start: base, count: count))
      bytesRead += count
      return count
    }
  }

  /// The SHA-256 of what has been read, in lowercase hexadecimal.
  public var sha256: String {
    hasher.finalize().map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }
}
