/// The bytes of a text in another encoding, read from a source a buffer at a time and handed
/// out as UTF-8: a file is converted as it streams, never held whole.
///
/// A UTF-16 byte order mark is left out. What has no character in the encoding passes through
/// as bytes that no UTF-8 holds, so that the reader's check of every record
/// (``UTF8Check``) refuses it with its line and column: a Windows-1252 byte that is no
/// character as that byte itself, a lone UTF-16 surrogate as the three bytes UTF-8 would give
/// it (which UTF-8 forbids), and a last odd byte of UTF-16 as 0xFF.
public struct TranscodingSource<Base: ByteSource>: ByteSource {
  private var base: Base
  private let encoding: TextEncoding
  /// Whether UTF-16 units are read most significant byte first; settled at the start.
  private var bigEndian = false
  private var atStart = true
  private var input: [UInt8]
  private var start = 0
  private var end = 0
  private var baseIsDone = false
  /// The UTF-8 bytes of a character that did not fit in the last buffer handed out.
  private var carry: [UInt8] = []
  private var carried = 0

  /// Reads `base`, which holds text in `encoding`.
  ///
  /// - Parameters:
  ///   - base: The bytes as stored.
  ///   - encoding: Their encoding; UTF-8 passes through as it is.
  ///   - bufferSize: How many bytes of `base` to read at a time.
  public init(base: Base, encoding: TextEncoding, bufferSize: Int = 1 << 16) {
    self.base = base
    self.encoding = encoding
    input = [UInt8](repeating: 0, count: max(16, bufferSize))
    carry.reserveCapacity(4)
  }

  public mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws -> Int {
    guard buffer.count > 0 else { return 0 }
    var written = 0
    while carried < carry.count, written < buffer.count {
      buffer[written] = carry[carried]
      carried += 1
      written += 1
    }
    if atStart {
      atStart = false
      try settleByteOrder()
    }
    while written < buffer.count {
      guard let scalar = try nextScalar() else { break }
      written = put(scalar, into: buffer, at: written)
    }
    return written
  }

  /// The next character's code point, or a byte to pass through marked by ``passThrough``
  /// (see the type's comment); `nil` at the end.
  private mutating func nextScalar() throws -> UInt32? {
    switch encoding {
    case .utf8:
      guard try ensure(1) else { return nil }
      start += 1
      return Self.passThrough | UInt32(input[start - 1])
    case .latin1:
      guard try ensure(1) else { return nil }
      start += 1
      return UInt32(input[start - 1])
    case .windows1252:
      guard try ensure(1) else { return nil }
      let byte = input[start]
      start += 1
      // A byte that is no character stands for itself: UTF-8 has no character 0x81 either.
      return Windows1252.scalar(byte) ?? Self.passThrough | UInt32(byte)
    case .utf16, .utf16LittleEndian, .utf16BigEndian:
      return try nextUTF16Scalar()
    }
  }

  /// Marks a value that goes out as the one byte in its low bits.
  private static var passThrough: UInt32 { 1 << 31 }

  private mutating func nextUTF16Scalar() throws -> UInt32? {
    guard try ensure(2) else {
      guard start < end else { return nil }
      // Half a character at the end of the file.
      start = end
      return Self.passThrough | 0xFF
    }
    let unit = takeUnit()
    switch unit {
    case 0xD800..<0xDC00:
      if try ensure(2) {
        let low = peekUnit()
        if (0xDC00..<0xE000).contains(low) {
          start += 2
          return 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
        }
      }
      return UInt32(unit)  // A lone surrogate: its three bytes are no UTF-8.
    default:
      return UInt32(unit)
    }
  }

  private mutating func takeUnit() -> UInt16 {
    let unit = peekUnit()
    start += 2
    return unit
  }

  private func peekUnit() -> UInt16 {
    let (first, second) = (UInt16(input[start]), UInt16(input[start + 1]))
    return bigEndian ? first << 8 | second : second << 8 | first
  }

  /// Decides UTF-16's byte order from the mark, or without one from the first character, and
  /// steps over the mark.
  private mutating func settleByteOrder() throws {
    switch encoding {
    case .utf16, .utf16LittleEndian, .utf16BigEndian:
      guard try ensure(2) else { return }
      let (first, second) = (input[start], input[start + 1])
      let mark: Bool?  // true for big-endian, false for little-endian
      if first == 0xFE, second == 0xFF {
        mark = true
      } else if first == 0xFF, second == 0xFE {
        mark = false
      } else {
        mark = nil
      }
      switch encoding {
      case .utf16LittleEndian: bigEndian = false
      case .utf16BigEndian: bigEndian = true
      default: bigEndian = mark ?? (first == 0 && second != 0)
      }
      if mark == bigEndian { start += 2 }
    default:
      return
    }
  }

  /// Writes `scalar` as UTF-8 at `offset`, keeping what does not fit for the next call.
  ///
  /// - Returns: Where the next byte goes.
  private mutating func put(
    _ scalar: UInt32, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) -> Int {
    if scalar < 0x80 {
      buffer[offset] = UInt8(scalar)
      return offset + 1
    }
    var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    let count: Int
    if scalar & Self.passThrough != 0 {
      bytes.0 = UInt8(truncatingIfNeeded: scalar)
      count = 1
    } else if scalar < 0x800 {
      bytes = (0xC0 | UInt8(scalar >> 6), 0x80 | UInt8(scalar & 0x3F), 0, 0)
      count = 2
    } else if scalar < 0x10000 {
      bytes = (
        0xE0 | UInt8(scalar >> 12), 0x80 | UInt8(scalar >> 6 & 0x3F),
        0x80 | UInt8(scalar & 0x3F), 0
      )
      count = 3
    } else {
      bytes = (
        0xF0 | UInt8(scalar >> 18), 0x80 | UInt8(scalar >> 12 & 0x3F),
        0x80 | UInt8(scalar >> 6 & 0x3F), 0x80 | UInt8(scalar & 0x3F)
      )
      count = 4
    }
    var offset = offset
    withUnsafeBytes(of: bytes) { all in
      for index in 0..<count {
        if offset < buffer.count {
          buffer[offset] = all[index]
          offset += 1
        } else {
          // The carry was handed out before this character was read.
          if carried == carry.count {
            carry.removeAll(keepingCapacity: true)
            carried = 0
          }
          carry.append(all[index])
        }
      }
    }
    return offset
  }

  /// Makes sure `count` bytes of input are there to read; `false` when the source ends first.
  private mutating func ensure(_ count: Int) throws -> Bool {
    if end - start >= count { return true }
    if baseIsDone { return false }
    // Keep the bytes not yet read, at the front.
    let left = end - start
    if left > 0 {
      for index in 0..<left { input[index] = input[start + index] }
    }
    start = 0
    end = left
    while end - start < count, !baseIsDone {
      let got = try input.withUnsafeMutableBufferPointer { all in
        try base.read(into: UnsafeMutableBufferPointer(rebasing: all[end...]))
      }
      if got == 0 { baseIsDone = true }
      end += got
    }
    return end - start >= count
  }
}
