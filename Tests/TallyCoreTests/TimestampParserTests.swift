import Foundation
import TallyCore
import Testing

@Suite struct TimestampParserTests {
  let utc = TimestampParser(zone: .gmt)
  let berlin = TimestampParser(zone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)

  func seconds(_ text: String, _ parser: TimestampParser) throws -> Int64 {
    let timestamp = try parser.parse(text)
    return timestamp.microsecondsSince1970 / 1_000_000
  }

  @Test(arguments: [
    ("2024-01-15", 1_705_276_800),
    ("2024-01-15T08:30", 1_705_307_400),
    ("2024-01-15 08:30", 1_705_307_400),
    ("2024-01-15T08:30:15", 1_705_307_415),
    ("2024-01-15T08:30:15Z", 1_705_307_415),
    ("2024-01-15T09:30:15+01:00", 1_705_307_415),
    ("2024-01-15T09:30:15+0100", 1_705_307_415),
    ("2024-01-15T09:30:15+01", 1_705_307_415),
    ("2024-01-15T03:00:15-05:30", 1_705_307_415),
    ("1969-12-31T23:59:59Z", -1),
    ("2000-02-29", 951_782_400),
  ])
  func readsISO8601(text: String, expected: Int64) throws {
    #expect(try seconds(text, utc) == expected)
  }

  @Test func keepsFractionsToTheMicrosecond() throws {
    #expect(try utc.parse("1970-01-01T00:00:00.5Z").microsecondsSince1970 == 500_000)
    #expect(try utc.parse("1970-01-01T00:00:00.123456789Z").microsecondsSince1970 == 123_456)
    #expect(try utc.parse("1970-01-01T00:00:01,25").microsecondsSince1970 == 1_250_000)
  }

  @Test func naiveTimesAreInTheParsersZone() throws {
    #expect(try seconds("2024-01-15T09:30:15", berlin) == 1_705_307_415)
    #expect(try seconds("2024-07-15T10:30:15", berlin) == 1_721_032_215)
    // An explicit offset wins over the zone.
    #expect(try seconds("2024-01-15T08:30:15Z", berlin) == 1_705_307_415)
  }

  @Test func aTimeSkippedByDaylightSavingIsRefusedNamingTheTimeAfterTheJump() throws {
    // 2024-03-31 02:30 does not exist in Berlin: moved silently, it would store 03:30.
    #expect(
      throws: ParseError(
        value: "2024-03-31T02:30",
        reason: "is a time that Europe/Berlin skips (its clocks jump forward there); write the "
          + "time after the jump, such as 2024-03-31 03:30, or give an offset")
    ) { try berlin.parse("2024-03-31T02:30") }
    // With an offset it names an instant; a date alone is its day's start.
    #expect(
      try seconds("2024-03-31T02:30+01:00", berlin) == (try seconds("2024-03-31T01:30Z", utc)))
    #expect(try seconds("2024-03-31", berlin) == (try seconds("2024-03-30T23:00Z", utc)))
  }

  @Test func aTimeThatHappensTwiceIsTheEarlier() throws {
    // 2024-10-27 02:30 happens at 00:30Z (CEST) and 01:30Z (CET).
    #expect(try seconds("2024-10-27T02:30", berlin) == (try seconds("2024-10-27T00:30Z", utc)))
  }

  @Test(arguments: [
    "2024-02-30", "2023-02-29", "2024-13-01", "2024-00-10", "2024-01-15T24:00",
    "2024-01-15T23:60", "2024-04-31",
  ])
  func refusesImpossibleDates(text: String) {
    #expect(throws: ParseError(value: text, reason: "no such date or time")) {
      try utc.parse(text)
    }
  }

  @Test(arguments: [
    "", "yesterday", "15.01.2024", "2024-1-15", "2024-01-15T8:30", "2024-01-15T",
    "2024-01-15T08:30:", "2024-01-15T08:30:15.", "2024-01-15T08:30Zjunk", "2024-01-15+25:00",
    "2024-01-15T08:30+01:00:00", " 2024-01-15",
  ])
  func refusesWhatIsNotISO8601(text: String) {
    #expect(throws: ParseError.self) { try utc.parse(text) }
  }
}
