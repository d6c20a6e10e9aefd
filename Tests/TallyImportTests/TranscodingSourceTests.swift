import TallyImport
import Testing

/// Text in other encodings, converted to UTF-8 as it streams: the bytes expected are written
/// out from the encodings' tables, not computed.
@Suite struct TranscodingSourceTests {
  /// Everything `bytes` converts to, read `chunk` bytes at a time from the file and handed
  /// out into buffers of `bufferSize` bytes.
  func converted(
    _ bytes: [UInt8], _ encoding: TextEncoding, chunk: Int = .max, bufferSize: Int = 16,
    outputSize: Int = 5
  ) throws -> [UInt8] {
    var source = TranscodingSource(
      base: MemorySource(bytes, chunk: chunk), encoding: encoding, bufferSize: bufferSize)
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: outputSize)
    while true {
      let count = try buffer.withUnsafeMutableBufferPointer { try source.read(into: $0) }
      if count == 0 { return result }
      result += buffer[0..<count]
    }
  }

  @Test(arguments: [1, 2, 3, 7, 1_000])
  func utf16LittleEndianWithItsMarkBecomesUTF8(chunk: Int) throws {
    // FF FE, then "a,é€😀\n": é U+00E9, € U+20AC, 😀 U+1F600 as the pair D83D DE00.
    let bytes: [UInt8] = [
      0xFF, 0xFE, 0x61, 0x00, 0x2C, 0x00, 0xE9, 0x00, 0xAC, 0x20, 0x3D, 0xD8, 0x00, 0xDE, 0x0A,
      0x00,
    ]
    let expected: [UInt8] = [
      0x61, 0x2C, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0x0A,
    ]
    #expect(try converted(bytes, .utf16, chunk: chunk) == expected)
    #expect(try converted(bytes, .utf16, chunk: chunk, outputSize: 1) == expected)
  }

  @Test func utf16BigEndianWithItsMarkBecomesUTF8() throws {
    let bytes: [UInt8] = [0xFE, 0xFF, 0x00, 0x61, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00]
    #expect(try converted(bytes, .utf16) == [0x61, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80])
  }

  @Test func utf16WithoutAMarkTakesItsOrderFromTheFirstCharacter() throws {
    #expect(try converted([0x00, 0x61, 0x00, 0x62], .utf16) == [0x61, 0x62])
    #expect(try converted([0x61, 0x00, 0x62, 0x00], .utf16) == [0x61, 0x62])
    // A named order reads as it says, and steps over its own mark only.
    #expect(try converted([0xFE, 0xFF, 0x00, 0x61], .utf16BigEndian) == [0x61])
    #expect(try converted([0x61, 0x00], .utf16LittleEndian) == [0x61])
  }

  @Test func whatUTF16CannotHoldPassesAsBytesNoUTF8Has() throws {
    // A high surrogate before an "a", and a low one alone: each as its three bytes.
    #expect(
      try converted([0xFF, 0xFE, 0x00, 0xD8, 0x61, 0x00, 0x00, 0xDC], .utf16) == [
        0xED, 0xA0, 0x80, 0x61, 0xED, 0xB0, 0x80,
      ])
    // An odd last byte: 0xFF, which UTF-8 never holds.
    #expect(try converted([0xFF, 0xFE, 0x61, 0x00, 0x62], .utf16) == [0x61, 0xFF])
  }

  @Test func latin1IsEveryByteItsOwnCharacter() throws {
    // "Café", 0x80 (a control character in ISO-8859-1), "ÿ".
    #expect(
      try converted([0x43, 0x61, 0x66, 0xE9, 0x80, 0xFF], .latin1) == [
        0x43, 0x61, 0x66, 0xC3, 0xA9, 0xC2, 0x80, 0xC3, 0xBF,
      ])
  }

  @Test func windows1252ReadsItsOwnCharactersAt0x80To0x9F() throws {
    // € 0x80 U+20AC, „ 0x84 U+201E, Š 0x8A U+0160, ‘ 0x91 U+2018, “ 0x93 U+201C, ” 0x94
    // U+201D, – 0x96 U+2013, ™ 0x99 U+2122, Ÿ 0x9F U+0178, é 0xE9 U+00E9.
    let bytes: [UInt8] = [0x80, 0x84, 0x8A, 0x91, 0x93, 0x94, 0x96, 0x99, 0x9F, 0xE9]
    let expected: [UInt8] = [
      0xE2, 0x82, 0xAC, 0xE2, 0x80, 0x9E, 0xC5, 0xA0, 0xE2, 0x80, 0x98, 0xE2, 0x80, 0x9C, 0xE2,
      0x80, 0x9D, 0xE2, 0x80, 0x93, 0xE2, 0x84, 0xA2, 0xC5, 0xB8, 0xC3, 0xA9,
    ]
    #expect(try converted(bytes, .windows1252) == expected)
  }

  @Test(arguments: [0x81, 0x8D, 0x8F, 0x90, 0x9D] as [UInt8])
  func windows1252sBytesWithoutACharacterPassAsThemselves(byte: UInt8) throws {
    #expect(try converted([0x61, byte, 0x62], .windows1252) == [0x61, byte, 0x62])
  }

  @Test func aLargeFileStreamsThroughSmallBuffers() throws {
    // 100,000 times "é" in Latin-1: 100,000 bytes in, 200,000 out.
    let bytes = [UInt8](repeating: 0xE9, count: 100_000)
    let out = try converted(bytes, .latin1, chunk: 4_093, bufferSize: 1_000, outputSize: 4_097)
    #expect(out.count == 200_000)
    #expect(out.prefix(4) == [0xC3, 0xA9, 0xC3, 0xA9])
    #expect(out.suffix(2) == [0xC3, 0xA9])
  }

  @Test(arguments: [
    ("utf-8", TextEncoding.utf8), ("UTF8", .utf8), ("utf-16", .utf16),
    ("UTF-16LE", .utf16LittleEndian),
    ("utf-16be", .utf16BigEndian), ("latin1", .latin1), ("ISO-8859-1", .latin1),
    ("windows-1252", .windows1252), ("cp1252", .windows1252),
  ])
  func encodingNamesAreReadIgnoringCase(name: String, encoding: TextEncoding) {
    #expect(TextEncoding(argument: name) == encoding)
  }

  @Test(arguments: ["ascii", "utf-32", "latin-9", ""])
  func otherEncodingNamesAreNotKnown(name: String) {
    #expect(TextEncoding(argument: name) == nil)
  }
}
