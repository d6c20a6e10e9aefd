import Foundation
import TallyCore
import Testing

@Suite struct DurationParserTests {
  @Test(
    arguments: [
      ("1:20", 4_800), ("0:05", 300), ("27:30", 99_000), ("1:20:30", 4_830), ("-1:20", -4_800),
      ("+0:45", 2_700), ("1h20m", 4_800), ("1h", 3_600), ("20m", 1_200), ("45s", 45),
      ("1h20m30s", 4_830), ("90m", 5_400), ("1h30s", 3_630), ("2H5M", 7_500), (" 1:20 ", 4_800),
      ("-20m", -1_200), ("0:00", 0),
    ] as [(String, Int64)])
  func readsDurations(text: String, seconds: Int64) throws {
    #expect(try DurationParser.seconds(text) == seconds)
  }

  @Test(arguments: [
    ("1:75", "minutes and seconds on a clock are 00 to 59"),
    ("1:20:60", "minutes and seconds on a clock are 00 to 59"),
    ("1:5", "write hours:minutes with two digits"), (":20", "write hours:minutes"),
    ("1:20:", "write hours:minutes"), ("1h20x", "not a number or a duration"),
    ("1h90m", "after a larger part are 0 to 59"), ("20m1h", "hours, then minutes"),
    ("1h1h", "hours, then minutes"), ("1.5h", "whole hours"), ("h", "a number goes before"),
    ("1h20", "not a number or a duration"),
  ])
  func refusesWhatIsNoDuration(text: String, reason: String) {
    #expect {
      try DurationParser.seconds(text)
    } throws: { error in
      guard let error = error as? ParseError else { return false }
      return error.value == text && error.reason.contains(reason)
    }
  }

  @Test func numbersAreReadFirst() throws {
    #expect(try AmountInput.parse("1.5") == .number(1.5))
    #expect(try AmountInput.parse("1e3") == .number(1_000))
    #expect(try AmountInput.parse("1:20") == .duration(seconds: 4_800, text: "1:20"))
    #expect(throws: ParseError(value: "abc", reason: "not a number")) {
      try AmountInput.parse("abc")
    }
  }

  @Test func aDurationBecomesTheProjectsUnitsExactly() throws {
    let input = try AmountInput.parse("1:20")
    #expect(try input.amount(inUnits: "h") == 4_800.0 / 3_600)
    #expect(try input.amount(inUnits: "h") == 1.3333333333333333)
    #expect(try input.amount(inUnits: "min") == 80)
    #expect(try input.amount(inUnits: "Seconds") == 4_800)
    #expect(try AmountInput.number(2.5).amount(inUnits: "km") == 2.5)
    #expect {
      try input.amount(inUnits: "km")
    } throws: { error in
      (error as? ParseError)?.reason.contains("(km) are not a unit of time") == true
    }
    #expect {
      try AmountInput.parse("999999999999h").amount(inUnits: "s")
    } throws: { error in
      (error as? ParseError)?.reason == AmountRange.reason
    }
  }

  /// Any clock tally shows reads back to the same minute (or second).
  @Test func formatThenParseRoundTrips() throws {
    var generator = SystemRandomNumberGenerator()
    for unit in [TimeUnit.hours, .minutes, .seconds] {
      for _ in 0..<5_000 {
        let amount = Double.random(in: -10_000...10_000, using: &generator) * 3_600 / unit.seconds
        let shown = DurationFormat.clock(amount, unit: unit)
        let read = try AmountInput.parse(shown).amount(
          inUnits: unit == .hours ? "h" : unit == .minutes ? "min" : "s")
        let step = unit == .seconds ? 1.0 : 60.0
        let difference = abs(read - amount) * unit.seconds
        #expect(difference <= step / 2 + 1e-6, "\(amount) shown as \(shown) read as \(read)")
        #expect(DurationFormat.clock(read, unit: unit) == shown)
      }
    }
  }
}
