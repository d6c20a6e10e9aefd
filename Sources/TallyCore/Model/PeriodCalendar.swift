public import Foundation

/// Splits time into the periods of a report, in a time zone: days from local midnight to local
/// midnight (23 or 25 hours across a daylight-saving change), ISO 8601 weeks from Monday, months,
/// quarters from January, April, July and October, years.
public struct PeriodCalendar: Sendable {
  /// The length of the periods.
  public let period: ReportPeriod
  /// The zone whose calendar the periods follow.
  public let zone: TimeZone

  /// The zone's offset in seconds when it has never changed (UTC, `Etc/GMT+5`): then no
  /// instant needs the zone asked.
  private let fixedOffset: Int64?

  /// Creates a calendar.
  public init(period: ReportPeriod, zone: TimeZone) {
    self.period = period
    self.zone = zone
    fixedOffset =
      zone.nextDaylightSavingTimeTransition(after: .distantPast) == nil
      ? Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 0))) : nil
  }

  /// The period that holds `timestamp`.
  public func period(containing timestamp: Timestamp) -> Period {
    var first = firstDay(of: day(of: timestamp))
    // Near a zone's change of offset a start computed from the date can fall after the
    // instant; step back until the period holds it.
    var result = make(first)
    while result.start > timestamp {
      first = firstDay(of: Self.addingDays(-1, to: first))
      result = make(first)
    }
    return result
  }

  /// The period right after `period`: it starts where `period` ends (both are the same
  /// local first day read in the zone).
  public func period(after period: Period) -> Period {
    let first = firstDay(of: day(of: period.end))
    guard self.start(of: first) == period.end else { return self.period(containing: period.end) }
    return make(first, start: period.end)
  }

  /// The local date of `timestamp`.
  private func day(of timestamp: Timestamp) -> CivilTime {
    let civil =
      fixedOffset.map {
        CivilTime(microsecondsAsUTC: timestamp.microsecondsSince1970 + $0 * 1_000_000)
      } ?? CivilTime.of(timestamp, in: zone).0
    return CivilTime(year: civil.year, month: civil.month, day: civil.day)
  }

  /// The first instant of the local day `first`.
  private func start(of first: CivilTime) -> Timestamp {
    guard let fixedOffset else { return first.timestamp(in: zone) }
    return Timestamp(microsecondsSince1970: first.microsecondsAsUTC - fixedOffset * 1_000_000)
  }

  /// The period right before `period`.
  public func period(before period: Period) -> Period {
    self.period(
      containing: Timestamp(microsecondsSince1970: period.start.microsecondsSince1970 - 1))
  }

  /// About how many periods `start..<end` spans, from the periods' average length, without
  /// listing them.
  public func estimatedCount(from start: Timestamp, to end: Timestamp) -> Int {
    guard start < end else { return 0 }
    return Int((start.seconds(until: end) / (averageDays * 86_400)).rounded(.up))
  }

  /// The start of a period from which `end` lies at most about `count` periods on (by
  /// ``estimatedCount(from:to:)``), and no earlier than `start`: where a listing of the newest
  /// `count` periods up to `end` begins.
  public func start(ofNewest count: Int, from start: Timestamp, to end: Timestamp) -> Timestamp {
    guard estimatedCount(from: start, to: end) > count else { return start }
    // Two periods short of `count`, then the next period's start: within it, whatever the
    // rounding, the length of the period cut into, and the range of a timestamp.
    let back = Double(count - 2) * averageDays * 86_400_000_000
    let instant = max(Double(end.microsecondsSince1970) - back, Double(start.microsecondsSince1970))
    let cut = Timestamp(microsecondsSince1970: Int64(instant))
    return max(start, period(after: period(containing: cut)).start)
  }

  /// The periods' average length, in days.
  private var averageDays: Double {
    switch period {
    case .daily: 1
    case .weekly: 7
    case .monthly: 30.436875
    case .quarterly: 91.310625
    case .yearly: 365.2425
    }
  }

  /// Every period that overlaps `start..<end`, in order.
  public func periods(from start: Timestamp, to end: Timestamp) -> [Period] {
    guard start < end else { return [] }
    var result: [Period] = []
    var current = period(containing: start)
    while current.start < end {
      result.append(current)
      current = period(after: current)
    }
    return result
  }

  /// The first day of the period that holds `day`.
  private func firstDay(of day: CivilTime) -> CivilTime {
    switch period {
    case .daily:
      return day
    case .weekly:
      return Self.addingDays(-(Self.isoWeekday(day) - 1), to: day)
    case .monthly:
      return CivilTime(year: day.year, month: day.month, day: 1)
    case .quarterly:
      return CivilTime(year: day.year, month: (day.month - 1) / 3 * 3 + 1, day: 1)
    case .yearly:
      return CivilTime(year: day.year, month: 1, day: 1)
    }
  }

  /// The period starting on `first`, which must be a first day; `start` is its first instant
  /// when known.
  private func make(_ first: CivilTime, start: Timestamp? = nil) -> Period {
    let next: CivilTime
    switch period {
    case .daily: next = Self.addingDays(1, to: first)
    case .weekly: next = Self.addingDays(7, to: first)
    case .monthly: next = Self.addingMonths(1, to: first)
    case .quarterly: next = Self.addingMonths(3, to: first)
    case .yearly: next = CivilTime(year: first.year + 1, month: 1, day: 1)
    }
    return Period(
      label: label(first), start: start ?? self.start(of: first), end: self.start(of: next))
  }

  private func label(_ first: CivilTime) -> String {
    let year = TimestampFormat.pad(first.year, 4)
    switch period {
    case .daily:
      return TimestampFormat.date(first)
    case .weekly:
      // The ISO week-year is the year of the week's Thursday.
      let thursday = Self.addingDays(3, to: first)
      let week = (Self.dayOfYear(thursday) - 1) / 7 + 1
      return TimestampFormat.pad(thursday.year, 4) + "-W" + TimestampFormat.pad(week, 2)
    case .monthly:
      return year + "-" + TimestampFormat.pad(first.month, 2)
    case .quarterly:
      return year + "-Q\((first.month - 1) / 3 + 1)"
    case .yearly:
      return year
    }
  }

  /// Monday is 1, Sunday 7; 1970-01-01 was a Thursday.
  static func isoWeekday(_ day: CivilTime) -> Int {
    let days = day.daysSince1970
    return Int(((days + 3) % 7 + 7) % 7) + 1
  }

  static func dayOfYear(_ day: CivilTime) -> Int {
    Int(day.daysSince1970 - CivilTime(year: day.year, month: 1, day: 1).daysSince1970) + 1
  }

  static func addingDays(_ days: Int, to day: CivilTime) -> CivilTime {
    CivilTime(microsecondsAsUTC: (day.daysSince1970 + Int64(days)) * 86_400_000_000)
  }

  static func addingMonths(_ months: Int, to day: CivilTime) -> CivilTime {
    let index = day.year * 12 + (day.month - 1) + months
    return CivilTime(year: index / 12, month: index % 12 + 1, day: 1)
  }
}

extension PeriodCalendar {
  /// The number of the period that holds `timestamp`, counting periods from 1970: the periods
  /// between two instants are the difference of their numbers.
  public func index(of timestamp: Timestamp) -> Int64 {
    let first = period(containing: timestamp).start
    let (day, _) = CivilTime.of(first, in: zone)
    switch period {
    case .daily: return day.daysSince1970
    // 1970-01-05 was a Monday.
    case .weekly:
      let days = day.daysSince1970 - 4
      return days >= 0 ? days / 7 : (days - 6) / 7
    case .monthly: return Int64(day.year * 12 + day.month - 1)
    case .quarterly: return Int64(day.year * 4 + (day.month - 1) / 3)
    case .yearly: return Int64(day.year)
    }
  }
}
