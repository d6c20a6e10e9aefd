import Foundation
import TallyCore
import Testing

/// Times as people type them, read against a fixed now in a zone with a summer time.
@Suite struct TypedTimeTests {
  let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt
  /// Wednesday 2024-03-06 17:00 in Berlin (16:00 UTC).
  var now: Timestamp { Timestamp(secondsSince1970: 1_709_740_800) }

  func read(_ text: String) throws -> String {
    TimestampFormat.iso8601(try TypedTime(zone: berlin, now: now).parse(text), in: berlin)
  }

  @Test(arguments: [
    ("now", "2024-03-06T17:00:00+01:00"),
    ("today", "2024-03-06T00:00:00+01:00"),
    ("today 9:00", "2024-03-06T09:00:00+01:00"),
    ("9:00", "2024-03-06T09:00:00+01:00"),
    ("18:30:15", "2024-03-06T18:30:15+01:00"),
    ("6:30pm", "2024-03-06T18:30:00+01:00"),
    ("12am", "2024-03-06T00:00:00+01:00"),
    ("Yesterday 18:00", "2024-03-05T18:00:00+01:00"),
    ("tomorrow", "2024-03-07T00:00:00+01:00"),
    ("wed", "2024-03-06T00:00:00+01:00"),
    ("monday 9:30", "2024-03-04T09:30:00+01:00"),
    ("thursday", "2024-02-29T00:00:00+01:00"),
    ("last wed", "2024-02-28T00:00:00+01:00"),
    ("2 hours ago", "2024-03-06T15:00:00+01:00"),
    ("90 min ago", "2024-03-06T15:30:00+01:00"),
    ("1h30m ago", "2024-03-06T15:30:00+01:00"),
    ("-90m", "2024-03-06T15:30:00+01:00"),
    ("-1d", "2024-03-05T17:00:00+01:00"),
    ("2024-03-01 9:00", "2024-03-01T09:00:00+01:00"),
    ("2024-03-01T09:00Z", "2024-03-01T10:00:00+01:00"),
    ("  today   8:00 ", "2024-03-06T08:00:00+01:00"),
  ])
  func readsWhatPeopleType(_ text: String, _ expected: String) throws {
    #expect(try read(text) == expected)
  }

  @Test(arguments: [
    ("bogus", "not a date or time"),
    ("today bogus", "not a clock time"),
    ("25:00", "not a date or time"),
    ("today 9:60", "not a clock time"),
    ("13pm", "not a date or time"),
    ("2 parsecs ago", "not a time back from now"),
    ("ago", "not a date or time"),
    ("2024-02-30", "no such date"),
    ("2024-03-31T02:30", "skips"),
    ("2024-03-31 2:30", "skips"),
    ("yesterday 9:00 10:00", "not a date or time"),
  ])
  func refusesWhatIsNoTime(_ text: String, _ reason: String) {
    #expect {
      try read(text)
    } throws: { error in
      "\(error)".contains(reason) && "\(error)".contains(text.trimmingCharacters(in: .whitespaces))
    }
  }

  @Test func anEndThatIsAClockTimeFollowsItsStart() throws {
    let times = TypedTime(zone: berlin, now: now)
    let start = try times.parse("yesterday 22:00")
    let end = try #require(times.clock("01:00", onDayOf: start))
    #expect(TimestampFormat.iso8601(end, in: berlin) == "2024-03-06T01:00:00+01:00")
    let later = try #require(times.clock("23:30", onDayOf: start))
    #expect(TimestampFormat.iso8601(later, in: berlin) == "2024-03-05T23:30:00+01:00")
    #expect(times.clock("tomorrow", onDayOf: start) == nil)
  }

  /// Every weekday name reads as the latest such day, today included, for a week of nows.
  @Test func weekdaysAreTheLatestSuchDay() throws {
    let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    for offset in 0..<7 {
      let now = Timestamp(secondsSince1970: 1_709_740_800 + Int64(offset) * 86_400)
      let times = TypedTime(zone: berlin, now: now)
      let today = try times.parse("today")
      for name in names {
        let day = try times.parse(name)
        let back = (today.microsecondsSince1970 - day.microsecondsSince1970) / 86_400_000_000
        #expect((0...6).contains(back), "\(name) from day \(offset)")
        let last = try times.parse("last " + name)
        let lastBack = (today.microsecondsSince1970 - last.microsecondsSince1970) / 86_400_000_000
        #expect((1...7).contains(lastBack), "last \(name) from day \(offset)")
      }
    }
  }
}
