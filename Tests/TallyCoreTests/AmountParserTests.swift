import TallyCore
import Testing

@Suite struct AmountParserTests {
  @Test(arguments: [
    ("42.5", 42.5), ("-3", -3), ("+7", 7), (" 12 ", 12), ("1e3", 1_000), ("2.5E-1", 0.25),
    (".5", 0.5), ("5.", 5), ("0", 0),
  ])
  func readsDecimals(text: String, expected: Double) throws {
    #expect(try AmountParser.parse(text) == expected)
  }

  @Test func readsDecimalCommas() throws {
    #expect(try AmountParser.parse("1.234,5", decimalComma: true) == 1_234.5)
    #expect(try AmountParser.parse("-0,25", decimalComma: true) == -0.25)
  }

  @Test(arguments: [
    ("abc", "not a number"), ("", "no amount"), ("  ", "no amount"), ("NaN", "not a number"),
    ("nan", "not a number"), ("inf", "not a number"), ("-infinity", "not a number"),
    ("1e999", "not a finite number"), ("0x10", "not a number"), ("1,5", "not a number"),
    ("1e", "not a number"), ("--1", "not a number"), ("NA", "not a number"),
  ])
  func refusesWhatIsNotAFiniteNumber(text: String, reason: String) {
    #expect(throws: ParseError(value: text, reason: reason)) {
      try AmountParser.parse(text)
    }
  }

  @Test func printsTheShortestFormThatReadsBack() throws {
    for amount in [42.5, 3, -7.25, 0.1, 1e-7, 123_456_789.125, 1e20] {
      #expect(try AmountParser.parse(AmountFormat.plain(amount)) == amount)
    }
    #expect(AmountFormat.plain(3) == "3")
    #expect(AmountFormat.plain(42.5) == "42.5")
  }
}

@Suite struct AmountParserAgreementTests {
  @Test func theFastPathRoundsAsTheStandardLibraryDoes() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let whole = Int64.random(in: 0...999_999_999_999, using: &generator)
      let decimals = Int.random(in: 0...8, using: &generator)
      let fraction = Int64.random(in: 0...99_999_999, using: &generator)
      var text = String(whole)
      if decimals > 0 {
        let digits = String(fraction)
        text += "." + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
        text = String(text.dropLast(8 - decimals))
      }
      if Bool.random(using: &generator) { text = "-" + text }
      #expect((try? AmountParser.parse(text)) == Double(text), "\(text)")
    }
  }
}
