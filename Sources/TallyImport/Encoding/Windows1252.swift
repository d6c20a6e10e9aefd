/// The characters of Windows-1252 that differ from ISO-8859-1: those of bytes 0x80–0x9F.
///
/// From the code page's table as Unicode publishes it (`cp1252.txt`). Five bytes, 0x81, 0x8D,
/// 0x8F, 0x90 and 0x9D, are no character there; they are 0 here, and a file that holds one is
/// refused rather than read as something it does not say.
enum Windows1252 {
  /// The code point of byte `0x80 + index`, 0 where there is none.
  static let high: [UInt32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,  // 0x80–0x87
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,  // 0x88–0x8F
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,  // 0x90–0x97
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,  // 0x98–0x9F
  ]

  /// The code point of `byte`, or `nil` for the five bytes that are no character.
  static func scalar(_ byte: UInt8) -> UInt32? {
    guard byte >= 0x80, byte < 0xA0 else { return UInt32(byte) }
    let value = high[Int(byte - 0x80)]
    return value == 0 ? nil : value
  }
}
