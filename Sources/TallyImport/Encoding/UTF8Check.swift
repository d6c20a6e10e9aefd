/// Finds the bytes of a record that are not UTF-8, so that no text is stored repaired (as
/// U+FFFD) or misread.
///
/// Every record of a file is checked. Most are ASCII, which is looked at eight bytes at a time;
/// a record with other bytes is decoded from its first such byte on.
enum UTF8Check {
  /// Where the first sequence that is not UTF-8 lies in `bytes`, or `nil` when they all are.
  static func firstInvalid(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    var index = 0
    let raw = UnsafeRawPointer(base)
    let high: UInt64 = 0x8080_8080_8080_8080
    if count >= 8 {
      while index + 8 <= count {
        if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & high != 0 { break }
        index += 8
      }
      // The last bytes, as one word that overlaps the one before.
      if index + 8 > count {
        if raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) & high == 0 {
          return nil
        }
        index = count - 8
      }
    }
    while index < count, bytes[index] < 0x80 { index += 1 }
    guard index < count else { return nil }
    // Every byte before is ASCII: a character starts here.
    var iterator = bytes[index...].makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): index += encoded.count
      case .error(let length): return index..<(index + length)
      case .emptyInput: return nil
      }
    }
  }

  /// Whether every byte of `bytes` is ASCII, looked at 32 bytes at a time.
  static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let count = bytes.count
    var index = 0
    var seen: UInt64 = 0
    while index + 32 <= count {
      seen |=
        bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        | bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
        | bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
        | bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
      index += 32
    }
    while index < count {
      seen |= UInt64(bytes[index])
      index += 1
    }
    return seen & 0x8080_8080_8080_8080 == 0
  }

  /// A byte in two uppercase hexadecimal digits.
  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return byte < 0x10 ? "0" + digits : digits
  }
}
