public import Foundation

/// Reads the dates and times people type or files hold, in ISO 8601.
///
/// Accepted: `2024-01-15`; `2024-01-15T08:30` or with a space for `T`; seconds; a fraction of
/// a second (to the microsecond; more digits are truncated); and `Z` or an offset such as
/// `+01:00`, `+0100` or `+01`. A value without an offset is a wall-clock time in the parser's
/// zone, and a date alone is midnight there.
public struct TimestampParser: Sendable {
  /// The zone of values without an offset.
  public let zone: TimeZone
  /// The zone's offset when it never changes (UTC, say), which saves asking the zone.
  private let fixedOffset: Int?

  /// Creates a parser for values in `zone`.
  public init(zone: TimeZone) {
    self.zone = zone
    let transition = zone.nextDaylightSavingTimeTransition(
      after: Date(timeIntervalSince1970: -4_000_000_000))
    let offsets = Set(
      [-2_000_000_000.0, 0, 1_000_000_000, 2_000_000_000, 4_000_000_000].map {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0))
      })
    fixedOffset = transition == nil && offsets.count == 1 ? offsets.first : nil
  }

  /// Parses `text`.
  ///
  /// - Returns: The instant.
  /// - Throws: ``ParseError`` saying what is wrong with it.
  public func parse(_ text: String) throws(ParseError) -> Timestamp {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(ParseError) -> Timestamp in try parse(bytes: bytes) }
    }
    return try result.get()
  }

  /// Parses the UTF-8 bytes of a value.
  ///
  /// - Returns: The instant.
  /// - Throws: ``ParseError`` saying what is wrong with it.
  public func parse(bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) -> Timestamp {
    var cursor = ByteCursor(bytes)
    guard let parsed = Self.scan(&cursor) else {
      throw ParseError(
        value: String(decoding: bytes, as: UTF8.self),
        reason: "not a date or time (expected ISO 8601 such as 2024-01-15 or 2024-01-15T08:30)")
    }
    guard parsed.civil.isValid else {
      throw ParseError(
        value: String(decoding: bytes, as: UTF8.self), reason: "no such date or time")
    }
    guard let offset = parsed.offsetSeconds ?? fixedOffset else {
      return try Self.instant(
        of: parsed.civil, in: zone, value: String(decoding: bytes, as: UTF8.self))
    }
    return Timestamp(
      microsecondsSince1970: parsed.civil.microsecondsAsUTC - Int64(offset) * 1_000_000)
  }

  /// The instant a wall-clock time without an offset names in `zone`.
  ///
  /// A date alone is the start of its day, which a change at midnight moves; a clock time that
  /// the zone skips names no instant, and moving it silently would store another: it is
  /// refused, naming the time after the jump. A time the zone repeats is the earlier.
  ///
  /// - Parameters:
  ///   - civil: The wall-clock time.
  ///   - zone: The zone it is read in.
  ///   - value: The text as given, made only for the error (an import reads this per row,
  ///     and most rows need no message).
  /// - Returns: The instant.
  /// - Throws: ``ParseError`` on `value` for a skipped time.
  public static func instant(
    of civil: CivilTime, in zone: TimeZone, value: @autoclosure () -> String
  ) throws(ParseError) -> Timestamp {
    let (instant, isSkipped) = civil.reading(in: zone)
    let isMidnight =
      civil.hour == 0 && civil.minute == 0 && civil.second == 0 && civil.microsecond == 0
    guard isSkipped, !isMidnight else { return instant }
    throw ParseError(
      value: value(),
      reason: "is a time that \(zone.identifier) skips (its clocks jump forward there); "
        + "write the time after the jump, such as \(TimestampFormat.local(instant, in: zone)), "
        + "or give an offset")
  }

  /// The fields of a value and its offset in seconds, if it has one; `nil` if it is not in
  /// the accepted form.
  static func scan(_ bytes: inout ByteCursor) -> (civil: CivilTime, offsetSeconds: Int?)? {
    guard let year = bytes.digits(4), bytes.take("-"), let month = bytes.digits(2),
      bytes.take("-"), let day = bytes.digits(2)
    else { return nil }
    var civil = CivilTime(year: year, month: month, day: day)
    if bytes.isAtEnd { return (civil, nil) }
    guard bytes.take("T") || bytes.take(" ") || bytes.take("t"),
      let hour = bytes.digits(2), bytes.take(":"), let minute = bytes.digits(2)
    else { return nil }
    civil.hour = hour
    civil.minute = minute
    if bytes.take(":") {
      guard let second = bytes.digits(2) else { return nil }
      civil.second = second
      if bytes.take(".") || bytes.take(",") {
        guard let micro = bytes.fraction() else { return nil }
        civil.microsecond = micro
      }
    }
    if bytes.isAtEnd { return (civil, nil) }
    if bytes.take("Z") || bytes.take("z") {
      return bytes.isAtEnd ? (civil, 0) : nil
    }
    let negative: Bool
    if bytes.take("+") {
      negative = false
    } else if bytes.take("-") {
      negative = true
    } else {
      return nil
    }
    guard let hours = bytes.digits(2), hours <= 23 else { return nil }
    var minutes = 0
    if !bytes.isAtEnd {
      _ = bytes.take(":")
      guard let parsedMinutes = bytes.digits(2), parsedMinutes <= 59, bytes.isAtEnd else {
        return nil
      }
      minutes = parsedMinutes
    }
    let offset = hours * 3_600 + minutes * 60
    return (civil, negative ? -offset : offset)
  }
}

/// Reads fixed-width numbers and marks from UTF-8 bytes.
struct ByteCursor {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  var isAtEnd: Bool { index >= bytes.count }

  mutating func take(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  mutating func digits(_ count: Int) -> Int? {
    guard bytes.count - index >= count else { return nil }
    var value = 0
    for offset in 0..<count {
      let digit = Int(bytes[index + offset]) &- 48
      guard digit >= 0, digit <= 9 else { return nil }
      value = value * 10 + digit
    }
    index += count
    return value
  }

  /// One or more digits after the decimal mark, as microseconds; digits past six are dropped.
  mutating func fraction() -> Int? {
    var micro = 0
    var count = 0
    while index < bytes.count {
      let digit = Int(bytes[index]) &- 48
      guard digit >= 0, digit <= 9 else { break }
      if count < 6 { micro = micro * 10 + digit }
      count += 1
      index += 1
    }
    guard count > 0 else { return nil }
    for _ in count..<max(count, 6) { micro *= 10 }
    return micro
  }
}
