public import Foundation

/// Reads a time as people type it at a prompt: ISO 8601 as files hold it (``TimestampParser``),
/// and the words a time tracker takes.
///
/// Accepted, case aside, in the parser's zone and against its `now`:
/// - `now`;
/// - a day: `today`, `yesterday`, `tomorrow`, a weekday (`monday` or `mon`: the latest such day,
///   today included; `last monday`: the one before today), or a date (`2024-03-01`); alone it
///   is the day's midnight;
/// - a day and a clock time: `yesterday 18:00`, `mon 9:30`, `2024-03-01 9:00`, `today 6pm`;
/// - a clock time alone (`9:00`, `18:30:15`, `6:30pm`): that time today;
/// - a time back from now: `2 hours ago`, `90 min ago`, `1h30m ago`, `-90m`, `-2h`, `-1d`.
///
/// Clock times are on a 24-hour clock unless they end in `am` or `pm`. A clock time that the
/// zone skips is refused as ``TimestampParser`` refuses it.
public struct TypedTime: Sendable {
  /// The zone of days and clock times.
  public let zone: TimeZone
  /// The instant `now`, `today` and `ago` count from.
  public let now: Timestamp

  /// Creates a parser for times typed in `zone` at `now`.
  public init(zone: TimeZone, now: Timestamp) {
    self.zone = zone
    self.now = now
  }

  /// What may be typed, for messages.
  public static let examples =
    "2024-03-01T18:00, now, today 9:00, yesterday 18:00, mon 9:30, 2 hours ago or -90m"

  /// Whether `text` is written in ISO 8601, so that the instant it names needs no echo.
  public static func isISO(_ text: String) -> Bool {
    text.first?.isNumber == true && text.count >= 10 && text.contains("-")
      && !text.hasPrefix("-")
  }

  /// The instant `text` names.
  ///
  /// - Throws: ``ParseError`` naming the value and the forms that are read.
  public func parse(_ text: String) throws(ParseError) -> Timestamp {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let isoProblem: ParseError
    do {
      return try TimestampParser(zone: zone).parse(trimmed)
    } catch {
      isoProblem = error
    }
    let words = trimmed.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    func refused(_ reason: String? = nil) -> ParseError {
      // A value written in ISO 8601 gets the ISO reader's reason (a skipped time, a bad offset).
      if reason == nil, words.count == 1, Self.isISO(trimmed) { return isoProblem }
      return ParseError(
        value: text, reason: reason ?? "not a date or time (such as \(Self.examples))")
    }
    guard let first = words.first else { throw refused() }
    if words == ["now"] { return now }
    if let back = try backFromNow(words, text: text) { return back }
    var rest = words[...]
    let day: CivilTime
    if let named = self.day(named: Array(rest.prefix(2))) {
      day = named.day
      rest = rest.dropFirst(named.words)
    } else if let date = Self.date(first) {
      day = date
      rest = rest.dropFirst()
    } else {
      day = today
    }
    guard rest.count <= 1 else { throw refused() }
    guard let clock = rest.first else {
      guard rest.count < words.count else { throw refused() }
      return try instant(day, text: text)
    }
    guard let (hour, minute, second) = Self.clock(clock) else {
      // After a day's name, the word should have been a clock time; alone, it is no time.
      throw refused(
        rest.count < words.count
          ? "not a clock time (write 9:00, 18:30, 18:30:15 or 6:30pm after the day)" : nil)
    }
    var civil = day
    civil.hour = hour
    civil.minute = minute
    civil.second = second
    return try instant(civil, text: text)
  }

  /// A clock time alone (`10:30`) on the day of `start` in the zone, or the next day's when
  /// it would come before `start` (an interval past midnight); `nil` when `text` is not a
  /// clock time alone.
  public func clock(_ text: String, onDayOf start: Timestamp) -> Timestamp? {
    guard let (hour, minute, second) = Self.clock(text.lowercased()) else { return nil }
    var (civil, _) = CivilTime.of(start, in: zone)
    civil.hour = hour
    civil.minute = minute
    civil.second = second
    civil.microsecond = 0
    guard let sameDay = try? TimestampParser.instant(of: civil, in: zone, value: text) else {
      return nil
    }
    // The same instant is no interval: it stays, for the refusal to name it.
    if sameDay >= start { return sameDay }
    let next = Self.day(civil.daysSince1970 + 1)
    civil.year = next.year
    civil.month = next.month
    civil.day = next.day
    return try? TimestampParser.instant(of: civil, in: zone, value: text)
  }

  private var today: CivilTime {
    let (civil, _) = CivilTime.of(now, in: zone)
    return CivilTime(year: civil.year, month: civil.month, day: civil.day)
  }

  private func instant(_ civil: CivilTime, text: String) throws(ParseError) -> Timestamp {
    guard civil.isValid else { throw ParseError(value: text, reason: "no such date or time") }
    return try TimestampParser.instant(of: civil, in: zone, value: text)
  }

  /// The day the first words name, and how many words name it; `nil` when they name none.
  private func day(named words: [String]) -> (day: CivilTime, words: Int)? {
    guard let first = words.first else { return nil }
    let todayNumber = today.daysSince1970
    switch first {
    case "today": return (today, 1)
    case "yesterday": return (Self.day(todayNumber - 1), 1)
    case "tomorrow": return (Self.day(todayNumber + 1), 1)
    case "last":
      guard words.count == 2, let weekday = Self.weekday(words[1]) else { return nil }
      return (Self.day(latest(weekday, before: todayNumber)), 2)
    default:
      guard let weekday = Self.weekday(first) else { return nil }
      return (Self.day(latest(weekday, before: todayNumber + 1)), 1)
    }
  }

  /// The day number of the latest `weekday` (0 Monday) before the day numbered `limit`.
  private func latest(_ weekday: Int, before limit: Int64) -> Int64 {
    // 1970-01-01 was a Thursday (3).
    let limitWeekday = Int((limit % 7 + 7 + 3) % 7)
    let back = (limitWeekday - weekday + 6) % 7 + 1
    return limit - Int64(back)
  }

  private static func day(_ number: Int64) -> CivilTime {
    let civil = CivilTime(microsecondsAsUTC: number * 86_400_000_000)
    return CivilTime(year: civil.year, month: civil.month, day: civil.day)
  }

  private static let weekdays = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
  ]

  /// 0 for Monday to 6 for Sunday: the whole name, or its first three letters or more.
  private static func weekday(_ word: String) -> Int? {
    guard word.count >= 3 else { return nil }
    return weekdays.firstIndex { $0.hasPrefix(word) }
  }

  /// `2024-03-01` as a day, or `2024-W09` (an ISO week, as reports label them) as its Monday.
  private static func date(_ word: String) -> CivilTime? {
    if let week = isoWeek(word) { return week }
    let fields = word.split(separator: "-", omittingEmptySubsequences: false)
    guard fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
      let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2])
    else { return nil }
    return CivilTime(year: year, month: month, day: day)
  }

  /// The Monday of ISO week `2024-W09` (`w` too); `nil` for anything else or a week the year
  /// does not have.
  private static func isoWeek(_ word: String) -> CivilTime? {
    let fields = word.uppercased().split(separator: "-W", omittingEmptySubsequences: false)
    guard fields.count == 2, fields[0].count == 4, fields[1].count == 2,
      let year = Int(fields[0]), let week = Int(fields[1]), (1...53).contains(week)
    else { return nil }
    // Week 1 holds 4 January; its Monday is the first of the year's weeks.
    let january4 = CivilTime(year: year, month: 1, day: 4).daysSince1970
    let weekday = Int((january4 % 7 + 7 + 3) % 7)  // 0 Monday, as 1970-01-01 was a Thursday
    let monday = january4 - Int64(weekday) + Int64(week - 1) * 7
    let day = Self.day(monday)
    // A 53rd week only in years that have one: its Monday is still in the ISO year.
    guard week < 53 || Self.day(monday + 3).year == year else { return nil }
    return day
  }

  /// `9:00`, `18:30:15`, `6pm`, `6:30am`: hours, minutes and seconds on a 24-hour clock.
  static func clock(_ word: String) -> (Int, Int, Int)? {
    var body = Substring(word)
    var meridiem: String?
    for suffix in ["am", "pm"] where body.hasSuffix(suffix) {
      meridiem = suffix
      body = body.dropLast(2)
    }
    let fields = body.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(fields.count), fields.count > 1 || meridiem != nil,
      (1...2).contains(fields[0].count),
      fields.dropFirst().allSatisfy({ $0.count == 2 }),
      fields.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      var hour = Int(fields[0])
    else { return nil }
    let minute = fields.count > 1 ? Int(fields[1]) ?? 60 : 0
    let second = fields.count > 2 ? Int(fields[2]) ?? 60 : 0
    if let meridiem {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
    }
    guard hour < 24, minute < 60, second < 60 else { return nil }
    return (hour, minute, second)
  }

  /// `2 hours ago`, `1h30m ago`, `-90m`: `nil` when the words are not a time back from now.
  private func backFromNow(_ words: [String], text: String) throws(ParseError) -> Timestamp? {
    let seconds: Int64
    if words.count == 1, let word = words.first, word.hasPrefix("-"), word.count > 1,
      word.dropFirst().first?.isNumber == true, !word.contains(":")
    {
      seconds = try Self.length(String(word.dropFirst()), text: text)
    } else if words.count >= 2, words.last == "ago" {
      seconds = try Self.length(words.dropLast().joined(), text: text)
    } else {
      return nil
    }
    return Timestamp(microsecondsSince1970: now.microsecondsSince1970 - seconds * 1_000_000)
  }

  /// The seconds in `90m`, `2hours`, `1h30m`, `3days`, `1w`: numbers each followed by a unit.
  private static func length(_ body: String, text: String) throws(ParseError) -> Int64 {
    var total: Int64 = 0
    var rest = Substring(body)
    guard !rest.isEmpty else { throw ParseError(value: text, reason: "no length of time") }
    while !rest.isEmpty {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      let unit = rest.dropFirst(digits.count).prefix { $0.isLetter }
      guard !digits.isEmpty, digits.count <= 9, let count = Int64(digits),
        let seconds = unitSeconds[String(unit)]
      else {
        throw ParseError(
          value: text,
          reason: "not a time back from now (write 2 hours ago, 90 min ago, 1h30m ago or -90m)")
      }
      total += count * seconds
      rest = rest.dropFirst(digits.count + unit.count)
    }
    return total
  }

  private static let unitSeconds: [String: Int64] = {
    var table: [String: Int64] = [:]
    let units: [(Int64, [String])] = [
      (1, ["s", "sec", "secs", "second", "seconds"]),
      (60, ["m", "min", "mins", "minute", "minutes"]),
      (3_600, ["h", "hr", "hrs", "hour", "hours"]),
      (86_400, ["d", "day", "days"]),
      (604_800, ["w", "week", "weeks"]),
    ]
    for (seconds, names) in units { for name in names { table[name] = seconds } }
    return table
  }()
}
