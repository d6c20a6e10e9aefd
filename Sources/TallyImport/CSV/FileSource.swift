import Foundation

/// The bytes of a file, read in chunks, hashed (SHA-256) and counted on the way through.
public final class FileSource: ByteSource {
  private let handle: FileHandle
  private let hasher = SHA256Hasher()
  /// How many bytes have been read so far.
  public private(set) var bytesRead = 0
  /// The file's size when it was opened, for progress.
  public let size: Int
  /// Whether it is a regular file, which reads the same when opened again (a pipe does not).
  public let isRegularFile: Bool
  /// Whether any byte read so far, looked at ahead included, is not ASCII.
  ///
  /// Until one is, no record read from the file needs a check for UTF-8: the common file is
  /// looked at once per buffer here, not once per record.
  public private(set) var hasReadNonASCII = false

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

  /// Bytes read ahead by ``peek(upTo:)``, handed out first.
  private var peeked: [UInt8] = []

  /// The first bytes of the file, up to `count` (fewer if it is shorter), left to be read.
  ///
  /// A pipe's bytes can be read once only: what a look ahead takes, the next reads hand out.
  public func peek(upTo count: Int) throws -> [UInt8] {
    while peeked.count < count {
      var chunk = [UInt8](repeating: 0, count: count - peeked.count)
      let got = try chunk.withUnsafeMutableBufferPointer { try readFromFile(into: $0) }
      if got == 0 { break }
      peeked += chunk[0..<got]
    }
    return peeked
  }

  public func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws -> Int {
    guard !peeked.isEmpty else { return try readFromFile(into: buffer) }
    let count = min(buffer.count, peeked.count)
    _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<count]).initialize(from: peeked[0..<count])
    peeked.removeFirst(count)
    return count
  }

  private func readFromFile(into buffer: UnsafeMutableBufferPointer<UInt8>) throws -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    let descriptor = handle.fileDescriptor
    while true {
      let count = Foundation.read(descriptor, base, buffer.count)
      if count < 0 {
        if errno == EINTR { continue }
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? POSIXErrorCode.EIO)
      }
      let read = UnsafeRawBufferPointer(start: base, count: count)
      hasher.update(read)
      if !hasReadNonASCII { hasReadNonASCII = !UTF8Check.isASCII(read) }
      bytesRead += count
      return count
    }
  }

  /// The SHA-256 of what has been read, in lowercase hexadecimal.
  public var sha256: String {
    hasher.hexDigest
  }
}
