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
    while index + 8 <= count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      if word & 0x8080_8080_8080_8080 != 0 { break }
      index += 8
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

  /// A byte in two uppercase hexadecimal digits.
  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return byte < 0x10 ? "0" + digits : digits
  }
}
