import Foundation
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
    #expect(try AmountParser.parse("12.345.678,9", decimalComma: true) == 12_345_678.9)
    #expect(try AmountParser.parse("12.345", decimalComma: true) == 12_345)
    #expect(try AmountParser.parse("1234,5", decimalComma: true) == 1_234.5)
  }

  @Test(arguments: ["82.4", "1.2.3,4", "1.23,4", "1234.567,8", ".123,4", "1..234", "12.3456"])
  func decimalCommasGroupDigitsInThrees(text: String) {
    #expect(
      throws: ParseError(
        value: text,
        reason: "not a number: with --decimal-comma, dots group digits in threes (1.234,5)")
    ) {
      try AmountParser.parse(text, decimalComma: true)
    }
  }

  @Test(arguments: ["a,b", ",", "1 234,5", "1,2,3", "x,5"])
  func textWithCommasIsNotANumberEitherWay(text: String) {
    #expect(throws: ParseError(value: text, reason: "not a number")) {
      try AmountParser.parse(text, decimalComma: true)
    }
  }

  @Test func aCommaNumberSuggestsDecimalComma() {
    #expect(throws: ParseError(value: "1.234,5", reason: AmountParser.decimalCommaHint)) {
      try AmountParser.parse("1.234,5")
    }
  }

  @Test(arguments: ["1e15", "-1e15", "1000000000000000", "1e308", "1.7e308", "1e999"])
  func refusesAmountsOutsideTheRange(text: String) {
    #expect(throws: ParseError(value: text, reason: AmountRange.reason)) {
      try AmountParser.parse(text)
    }
  }

  @Test func takesAmountsUpToTheLimit() throws {
    #expect(try AmountParser.parse("999999999999999.5") == 999_999_999_999_999.5)
    #expect(try AmountParser.parse("-999999999999999") == -999_999_999_999_999)
  }

  @Test(arguments: [
    ("abc", "not a number"), ("", "no amount"), ("  ", "no amount"), ("NaN", "not a number"),
    ("nan", "not a number"), ("inf", "not a number"), ("-infinity", "not a number"),
    ("0x10", "not a number"),
    ("1,5", AmountParser.decimalCommaHint), ("a,b", "not a number"), (",", "not a number"),
    ("1,2,3", "not a number"), ("1 234,5", "not a number"),
    ("1e", "not a number"), ("--1", "not a number"), ("NA", "not a number"),
  ])
  func refusesWhatIsNotAFiniteNumber(text: String, reason: String) {
    #expect(throws: ParseError(value: text, reason: reason)) {
      try AmountParser.parse(text)
    }
  }

  @Test func printsTheShortestFormThatReadsBack() throws {
    for amount in [42.5, 3, -7.25, 0.1, 1e-7, 123_456_789.125, 999_999_999_999_999, 12.34] {
      #expect(try AmountParser.parse(AmountFormat.plain(amount)) == amount)
    }
    #expect(AmountFormat.plain(3) == "3")
    #expect(AmountFormat.plain(42.5) == "42.5")
    #expect(AmountFormat.plain(-0.0) == "0")
  }

  @Test(arguments: [
    (1556.8000000000002, "1556.8"), (3320.0000000000005, "3320"), (20235.699999999997, "20235.7"),
    (1954.1000000000001, "1954.1"), (0.1 + 0.2, "0.3"),
    (1.0898055555555554e-05, "1.08980555555556e-05"),
    (10.0 / 3, "3.33333333333333"), (1e21, "1e+21"), (-2.5e-9, "-2.5e-09"),
    (123_456_789.125, "123456789.125"),
  ])
  func printsFifteenSignificantDigitsWithoutNoise(amount: Double, text: String) {
    #expect(AmountFormat.plain(amount) == text)
  }

  /// Every sum prints as the nearest number of at most 15 significant digits.
  ///
  /// No trailing zeros, and within half a unit of its 15th digit. The oracle counts digits in
  /// the text; it does not format.
  @Test func printsTheNearestFifteenDigitNumberForRandomSums() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let sum = (0..<50).reduce(0.0) { total, _ in
        total + Double(Int.random(in: -99_999...99_999, using: &generator)) / 100
      }
      let text = AmountFormat.plain(sum)
      let mantissa = text.split(separator: "e").first.map(String.init) ?? text
      let digits = mantissa.filter(\.isNumber).drop { $0 == "0" }
      #expect(digits.count <= 15, "\(sum) printed as \(text)")
      #expect(text != "-0")
      if mantissa.contains(".") { #expect(!mantissa.hasSuffix("0"), "\(text)") }
      let read = try #require(Double(text))
      guard sum != 0 else {
        #expect(read == 0)
        continue
      }
      let unit = pow(10, (log10(abs(sum))).rounded(.down) - 14)
      // Half a unit, and the two doubles' own rounding.
      #expect(abs(read - sum) <= unit / 2 + 2 * sum.ulp, "\(sum) printed as \(text)")
    }
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
