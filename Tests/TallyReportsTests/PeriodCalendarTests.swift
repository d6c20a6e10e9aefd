import Foundation
import TallyCore
import TallyReports
import Testing

@Suite struct PeriodCalendarTests {
  let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt

  func at(_ text: String, _ zone: TimeZone = .gmt) throws -> Timestamp {
    try TimestampParser(zone: zone).parse(text)
  }

  func label(_ period: ReportPeriod, _ text: String, _ zone: TimeZone = .gmt) throws -> String {
    PeriodCalendar(period: period, zone: zone).period(containing: try at(text, zone)).label
  }

  @Test func labelsEachKindOfPeriod() throws {
    #expect(try label(.daily, "2024-01-15T13:00") == "2024-01-15")
    #expect(try label(.weekly, "2024-01-15T13:00") == "2024-W03")
    #expect(try label(.monthly, "2024-01-15T13:00") == "2024-01")
    #expect(try label(.quarterly, "2024-05-15T13:00") == "2024-Q2")
    #expect(try label(.quarterly, "2024-12-31T23:59") == "2024-Q4")
    #expect(try label(.yearly, "2024-01-15T13:00") == "2024")
  }

  @Test(arguments: [
    ("2021-01-03", "2020-W53"), ("2021-01-04", "2021-W01"), ("2020-12-31", "2020-W53"),
    ("2019-12-30", "2020-W01"), ("2024-12-30", "2025-W01"), ("2027-01-01", "2026-W53"),
    ("2022-01-02", "2021-W52"), ("2018-01-01", "2018-W01"),
  ])
  func isoWeeksBelongToTheYearOfTheirThursday(date: String, week: String) throws {
    #expect(try label(.weekly, date) == week)
  }

  @Test func weeksStartOnMondayAtLocalMidnight() throws {
    let week = PeriodCalendar(period: .weekly, zone: berlin).period(
      containing: try at("2024-01-17T12:00", berlin))
    #expect(week.start == (try at("2024-01-15T00:00", berlin)))
    #expect(week.end == (try at("2024-01-22T00:00", berlin)))
  }

  @Test func daysAcrossDaylightSavingChangesAre23Or25HoursLong() throws {
    let calendar = PeriodCalendar(period: .daily, zone: berlin)
    let spring = calendar.period(containing: try at("2024-03-31T12:00", berlin))
    #expect(spring.start.seconds(until: spring.end) == 23 * 3_600)
    let autumn = calendar.period(containing: try at("2024-10-27T12:00", berlin))
    #expect(autumn.start.seconds(until: autumn.end) == 25 * 3_600)
    let ordinary = calendar.period(containing: try at("2024-06-01T12:00", berlin))
    #expect(ordinary.start.seconds(until: ordinary.end) == 24 * 3_600)
  }

  @Test func periodsFollowEachOtherWithoutGaps() throws {
    for period in ReportPeriod.allCases {
      let calendar = PeriodCalendar(period: period, zone: berlin)
      let periods = calendar.periods(from: try at("2019-11-30"), to: try at("2025-02-01"))
      #expect(!periods.isEmpty)
      for (earlier, later) in zip(periods, periods.dropFirst()) {
        #expect(earlier.end == later.start)
        #expect(earlier.label < later.label)
      }
    }
  }

  /// Days whose midnight a daylight-saving change skips, worked out from the zone rules by
  /// hand: the day starts at 01:00 local time and lasts 23 hours.
  @Test(arguments: [
    // Santiago (still on daylight-saving time): 2024-09-08 00:00 (UTC-4) became 01:00 (UTC-3).
    ("America/Santiago", "2024-09-08", 1_725_768_000, 1_725_850_800),
    // Sao Paulo, before Brazil dropped it in 2019: 2018-11-04 00:00 (UTC-3) became 01:00.
    ("America/Sao_Paulo", "2018-11-04", 1_541_300_400, 1_541_383_200),
  ])
  func aZoneWhoseMidnightDoesNotExistStillHasItsDay(
    identifier: String, date: String, start: Int64, end: Int64
  ) throws {
    let zone = try #require(TimeZone(identifier: identifier))
    let day = PeriodCalendar(period: .daily, zone: zone).period(
      containing: try at(date + "T12:00", zone))
    #expect(day.label == date)
    #expect(day.start == Timestamp(secondsSince1970: start))
    #expect(day.end == Timestamp(secondsSince1970: end))
  }

  /// Periods one after another, in zones that never change their offset and in zones that do,
  /// are those Foundation's own calendar draws for the same dates (a start at the first
  /// instant of the local day, a skipped midnight's day starting when the clock resumes).
  @Test(arguments: [
    "UTC", "Etc/GMT+5", "Etc/GMT-14", "Asia/Kolkata", "Europe/Berlin", "America/Santiago",
    "Australia/Lord_Howe", "Pacific/Apia", "America/Sao_Paulo",
  ])
  func periodsAfterOneAnotherAreFoundationsOwn(identifier: String) throws {
    let zone = try #require(TimeZone(identifier: identifier))
    var gregorian = Calendar(identifier: .gregorian)
    gregorian.timeZone = zone
    gregorian.firstWeekday = 2
    gregorian.minimumDaysInFirstWeek = 4
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state ^= state >> 12
      state ^= state << 25
      state ^= state >> 27
      return state &* 0x2545_F491_4F6C_DD1D
    }
    func oracle(_ period: ReportPeriod, _ start: Date) throws -> DateInterval {
      switch period {
      case .daily: return try #require(gregorian.dateInterval(of: .day, for: start))
      case .weekly: return try #require(gregorian.dateInterval(of: .weekOfYear, for: start))
      case .monthly: return try #require(gregorian.dateInterval(of: .month, for: start))
      case .yearly: return try #require(gregorian.dateInterval(of: .year, for: start))
      case .quarterly:
        let month = try #require(gregorian.dateInterval(of: .month, for: start))
        let end = try #require(gregorian.date(byAdding: .month, value: 3, to: month.start))
        return DateInterval(start: month.start, end: end)
      }
    }
    for _ in 0..<40 {
      // 1900 to 2100.
      let instant = Timestamp(secondsSince1970: Int64(next() % 6_311_433_600) - 2_208_988_800)
      for period in ReportPeriod.allCases {
        let calendar = PeriodCalendar(period: period, zone: zone)
        var current = calendar.period(containing: instant)
        #expect(current.contains(instant), "\(identifier) \(period) \(instant)")
        for _ in 0..<4 {
          let expected = try oracle(period, current.start.date)
          let drawn = "\(current.label): \(current.start.date)..\(current.end.date)"
          #expect(
            current.start.date == expected.start && current.end.date == expected.end,
            "\(identifier) \(period) \(drawn), Foundation \(expected.start)..\(expected.end)")
          if period == .monthly {
            let month = gregorian.dateComponents([.year, .month], from: current.start.date)
            #expect(
              current.label
                == String(format: "%04d-%02d", month.year ?? 0, month.month ?? 0))
          }
          current = calendar.period(after: current)
        }
      }
    }
  }

  /// The newest periods up to an instant start at a period's start, no earlier than asked,
  /// and hold no more than asked (by the estimate a report is bounded by), nor many fewer:
  /// counted here period by period.
  @Test(arguments: ReportPeriod.allCases)
  func theNewestPeriodsAreAtMostTheCountAsked(_ period: ReportPeriod) throws {
    var random = SystemRandomNumberGenerator()
    for zone in [TimeZone.gmt, berlin, TimeZone(identifier: "Australia/Lord_Howe") ?? .gmt] {
      let calendar = PeriodCalendar(period: period, zone: zone)
      for _ in 0..<20 {
        let count = Int.random(in: 3...400, using: &random)
        let end = Timestamp(
          microsecondsSince1970: Int64.random(in: 0...4_000_000_000, using: &random) * 1_000_000)
        let start = Timestamp(
          microsecondsSince1970: end.microsecondsSince1970
            - Int64.random(in: 0...40_000_000, using: &random) * 1_000_000 * Int64(count))
        let newest = calendar.start(ofNewest: count, from: start, to: end)
        #expect(newest >= start)
        guard newest > start else {
          #expect(calendar.estimatedCount(from: start, to: end) <= count)
          continue
        }
        #expect(calendar.estimatedCount(from: newest, to: end) <= count)
        #expect(calendar.period(containing: newest).start == newest)
        let listed = calendar.periods(from: newest, to: end).count
        #expect((count - 4...count).contains(listed), "\(count) asked, \(listed) listed")
      }
    }
    // As far back as a timestamp goes, whatever the length of a period.
    let calendar = PeriodCalendar(period: period, zone: .gmt)
    let earliest = Timestamp(microsecondsSince1970: -62_167_219_200_000_000)
    let now = Timestamp(microsecondsSince1970: 1_700_000_000_000_000)
    #expect(calendar.start(ofNewest: 100_000, from: earliest, to: now) >= earliest)
  }
}
