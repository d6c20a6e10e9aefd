import Foundation

/// Where a reader's bytes come from: a file, or bytes in memory.
public protocol ByteSource {
  /// Fills the start of `buffer`; returns how many bytes it wrote, 0 at the end.
  mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws -> Int
}

/// Bytes in memory, for tests and small inputs.
public struct MemorySource: ByteSource {
  private let bytes: [UInt8]
  private var offset = 0
  private let chunk: Int

  /// Creates a source over `bytes`, handing them out at most `chunk` at a time.
  public init(_ bytes: [UInt8], chunk: Int = .max) {
    self.bytes = bytes
    self.chunk = max(1, chunk)
  }

  /// Creates a source over the UTF-8 of `text`.
  public init(_ text: String, chunk: Int = .max) {
    self.init(Array(text.utf8), chunk: chunk)
  }

  public mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws -> Int {
    let count = min(buffer.count, chunk, bytes.count - offset)
    guard count > 0, let base = buffer.baseAddress else { return 0 }
    bytes.withUnsafeBufferPointer { source in
      if let from = source.baseAddress {
        base.update(from: from + offset, count: count)
      }
    }
    offset += count
    return count
  }
}
