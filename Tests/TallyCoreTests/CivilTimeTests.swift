import Foundation
import TallyCore
import Testing

@Suite struct CivilTimeTests {
  @Test func roundTripsThroughMicrosecondsOverFourCenturies() {
    var generator = SystemRandomNumberGenerator()
    let range: ClosedRange<Int64> = -12_000_000_000_000_000...12_000_000_000_000_000
    for _ in 0..<10_000 {
      let micro = Int64.random(in: range, using: &generator)
      let civil = CivilTime(microsecondsAsUTC: micro)
      #expect(civil.isValid)
      #expect(civil.microsecondsAsUTC == micro)
    }
  }

  @Test func agreesWithFoundationsCalendar() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    for seconds in stride(from: -2_000_000_000, through: 4_000_000_000, by: 7_777_777) {
      let date = Date(timeIntervalSince1970: Double(seconds))
      let parts = calendar.dateComponents(
        [.year, .month, .day, .hour, .minute, .second], from: date)
      let civil = CivilTime(microsecondsAsUTC: Int64(seconds) * 1_000_000)
      #expect(
        [civil.year, civil.month, civil.day, civil.hour, civil.minute, civil.second]
          == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second])
    }
  }

  @Test func formatsISO8601WithTheZonesOffset() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let winter = Timestamp(secondsSince1970: 1_705_307_415)
    #expect(TimestampFormat.iso8601(winter, in: berlin) == "2024-01-15T09:30:15+01:00")
    #expect(TimestampFormat.iso8601(winter, in: .gmt) == "2024-01-15T08:30:15+00:00")
    let fraction = Timestamp(microsecondsSince1970: 1_705_307_415_250_000)
    #expect(TimestampFormat.iso8601(fraction, in: .gmt) == "2024-01-15T08:30:15.250+00:00")
    let micro = Timestamp(microsecondsSince1970: 1_705_307_415_000_001)
    #expect(TimestampFormat.iso8601(micro, in: .gmt) == "2024-01-15T08:30:15.000001+00:00")
    let kolkata = try #require(TimeZone(identifier: "Asia/Kolkata"))
    #expect(TimestampFormat.iso8601(winter, in: kolkata) == "2024-01-15T14:00:15+05:30")
  }

  @Test func whatIsFormattedParsesBackToTheSameInstant() throws {
    let zone = try #require(TimeZone(identifier: "America/New_York"))
    let parser = TimestampParser(zone: .gmt)
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let timestamp = Timestamp(
        microsecondsSince1970: Int64.random(in: 0...2_000_000_000_000_000, using: &generator))
      #expect(try parser.parse(TimestampFormat.iso8601(timestamp, in: zone)) == timestamp)
    }
  }

  /// A listing's time, `2024-01-15 08:30` or with `:ss`, for every wall-clock time of the
  /// years 0 to 9999 and a few past them, against Foundation's `String(format:)`.
  @Test func aListingsTimeIsTheDateAndTheClockPadded() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<5_000 {
      let civil = CivilTime(
        year: [0, 9, 99, 999, 1970, 9_999, Int.random(in: 0...9_999, using: &generator)][
          Int.random(in: 0..<7, using: &generator)],
        month: Int.random(in: 1...12, using: &generator),
        day: Int.random(in: 1...28, using: &generator),
        hour: Int.random(in: 0...23, using: &generator),
        minute: Int.random(in: 0...59, using: &generator),
        second: Int.random(in: 0...1, using: &generator) * Int.random(in: 0...59, using: &generator)
      )
      let seconds = Bool.random(using: &generator)
      let expected =
        String(
          format: "%04d-%02d-%02d %02d:%02d", civil.year, civil.month, civil.day, civil.hour,
          civil.minute)
        + (seconds || civil.second != 0 ? String(format: ":%02d", civil.second) : "")
      #expect(TimestampFormat.local(civil, seconds: seconds) == expected)
    }
    let past = CivilTime(year: 10_000, month: 1, day: 2, hour: 3, minute: 4)
    #expect(TimestampFormat.local(past, seconds: false) == "10000-01-02 03:04")
    let before = CivilTime(year: -1, month: 1, day: 2, hour: 3, minute: 4, second: 5)
    #expect(TimestampFormat.local(before, seconds: false) == "-0001-01-02 03:04:05")
  }
}
