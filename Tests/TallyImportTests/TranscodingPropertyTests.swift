import PropertyBased
import TallyImport
import Testing

/// The conversion against the standard library's own encodings, for any text and any way the
/// bytes arrive.
@Suite struct TranscodingPropertyTests {
  /// Everything `bytes` converts to, read `chunk` bytes at a time and handed out `output`
  /// bytes at a time.
  func converted(_ bytes: [UInt8], _ encoding: TextEncoding, chunk: Int, output: Int) throws
    -> [UInt8]
  {
    var source = TranscodingSource(
      base: MemorySource(bytes, chunk: chunk), encoding: encoding, bufferSize: 16)
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: output)
    while true {
      let count = try buffer.withUnsafeMutableBufferPointer { try source.read(into: $0) }
      if count == 0 { return result }
      result += buffer[0..<count]
    }
  }

  @Test func anyTextInUTF16BecomesItsUTF8() async {
    let scalars: [Unicode.Scalar] = ["a", ",", "\n", "é", "€", "日", "😀", "\u{10FFFF}", "\u{0}"]
    let text = Gen.element(of: scalars).array(of: 0...40).map { list in
      String(String.UnicodeScalarView(list.compactMap { $0 }))
    }
    await propertyCheck(
      count: 300, input: text, Gen.bool, Gen.int(in: 1...9), Gen.int(in: 1...9)
    ) { text, bigEndian, chunk, output in
      let units = Array(text.utf16)
      let bytes =
        (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
        + units.flatMap { unit -> [UInt8] in
          let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
          return bigEndian ? [high, low] : [low, high]
        }
      #expect(
        (try? converted(bytes, .utf16, chunk: chunk, output: output)) == Array(text.utf8))
    }
  }

  @Test func anyBytesInLatin1AreTheCharactersOfTheirNumbers() async {
    let bytes = Gen.int(in: 0...255).array(of: 0...40).map { $0.map(UInt8.init) }
    await propertyCheck(count: 300, input: bytes, Gen.int(in: 1...9), Gen.int(in: 1...9)) {
      bytes, chunk, output in
      let text = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
      #expect(
        (try? converted(bytes, .latin1, chunk: chunk, output: output)) == Array(text.utf8))
    }
  }
}
