public import Foundation

/// A calendar date and wall-clock time without a zone, in the proleptic Gregorian calendar.
public struct CivilTime: Hashable, Sendable {
  public var year: Int
  public var month: Int
  public var day: Int
  public var hour: Int
  public var minute: Int
  public var second: Int
  public var microsecond: Int

  /// Creates a civil time; the fields are not checked (see ``isValid``).
  public init(
    year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
    microsecond: Int = 0
  ) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
    self.microsecond = microsecond
  }

  /// Whether every field is in range: a real day of a real month, a time of day before 24:00.
  public var isValid: Bool {
    (1...12).contains(month) && day >= 1 && day <= Self.daysIn(month: month, year: year)
      && (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
      && (0...999_999).contains(microsecond)
  }

  /// How many days `month` of `year` has.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Whether `year` is a leap year.
  public static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// Days from 1970-01-01 to this date (Howard Hinnant's `days_from_civil`).
  public var daysSince1970: Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Microseconds since 1970-01-01T00:00:00 of this wall-clock time read as UTC.
  public var microsecondsAsUTC: Int64 {
    let seconds =
      daysSince1970 * 86_400 + Int64(hour) * 3_600 + Int64(minute) * 60 + Int64(second)
    return seconds * 1_000_000 + Int64(microsecond)
  }

  /// The civil time of `microseconds` since 1970 read as UTC (Hinnant's `civil_from_days`).
  public init(microsecondsAsUTC microseconds: Int64) {
    let (secondsTotal, micro) = Self.floorDivide(microseconds, 1_000_000)
    let (days, secondOfDay) = Self.floorDivide(secondsTotal, 86_400)
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.init(
      year: Int(year), month: Int(month), day: Int(day), hour: Int(secondOfDay / 3_600),
      minute: Int(secondOfDay % 3_600 / 60), second: Int(secondOfDay % 60),
      microsecond: Int(micro))
  }

  /// The instant this wall-clock time names in `zone`.
  ///
  /// A time that a daylight-saving change skips (02:30 on a spring-forward night) moves forward
  /// by the size of the change, as `Calendar` does; a time that happens twice (on a fall-back
  /// night) is the earlier of the two.
  public func timestamp(in zone: TimeZone) -> Timestamp {
    reading(in: zone).timestamp
  }

  /// ``timestamp(in:)``, and whether this time is one that a daylight-saving change skips in
  /// `zone` (then the instant is read with the offset in force before the change).
  public func reading(in zone: TimeZone) -> (timestamp: Timestamp, isSkipped: Bool) {
    let local = microsecondsAsUTC
    let localSeconds = Double(local) / 1_000_000
    let before = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: localSeconds - 86_400)))
    let after = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: localSeconds + 86_400)))
    func candidate(_ offset: Int64) -> Int64? {
      let utc = local - offset * 1_000_000
      let actual = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utc) / 1_000_000))
      return Int64(actual) == offset ? utc : nil
    }
    let earlier = candidate(before)
    let later = before == after ? earlier : candidate(after)
    switch (earlier, later) {
    case (let a?, let b?): return (Timestamp(microsecondsSince1970: min(a, b)), false)
    case (let a?, nil), (nil, let a?): return (Timestamp(microsecondsSince1970: a), false)
    case (nil, nil):
      // In a gap: read the time with the offset in force before it.
      return (Timestamp(microsecondsSince1970: local - before * 1_000_000), true)
    }
  }

  /// The wall-clock time of `timestamp` in `zone`, and the zone's offset then, in seconds.
  public static func of(_ timestamp: Timestamp, in zone: TimeZone) -> (CivilTime, offset: Int) {
    let offset = zone.secondsFromGMT(for: timestamp.date)
    let local = timestamp.microsecondsSince1970 + Int64(offset) * 1_000_000
    return (CivilTime(microsecondsAsUTC: local), offset)
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let quotient = value / divisor
    let remainder = value % divisor
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
  }
}
