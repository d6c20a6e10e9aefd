import TallyImport
import Testing

@Suite struct FieldDelimiterTests {
  @Test(arguments: [
    (";", UInt8(ascii: ";")), ("|", UInt8(ascii: "|")), (",", UInt8(ascii: ",")),
    ("tab", UInt8(ascii: "\t")), ("\\t", UInt8(ascii: "\t")), ("\t", UInt8(ascii: "\t")),
  ])
  func acceptsOneCharacterOrTab(argument: String, byte: UInt8) {
    #expect(FieldDelimiter(argument: argument)?.byte == byte)
  }

  @Test(arguments: ["", ";;", "\"", "\n", "\r", "é", "comma"])
  func refusesAnythingElse(argument: String) {
    #expect(FieldDelimiter(argument: argument) == nil)
  }

  @Test func theDefaultIsAComma() {
    #expect(FieldDelimiter.comma.byte == UInt8(ascii: ","))
  }
}
