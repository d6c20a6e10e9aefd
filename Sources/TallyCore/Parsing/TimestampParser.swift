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

  /// Creates a parser for values in `zone`.
  public init(zone: TimeZone) {
    self.zone = zone
  }

  /// Parses `text`.
  ///
  /// - Throws: ``ParseError`` saying what is wrong with it.
  public func parse(_ text: String) throws(ParseError) -> Timestamp {
    var bytes = Array(text.utf8)[...]
    guard let parsed = Self.scan(&bytes) else {
      throw ParseError(
        value: text,
        reason: "not a date or time (expected ISO 8601 such as 2024-01-15 or 2024-01-15T08:30)")
    }
    guard parsed.civil.isValid else {
      throw ParseError(value: text, reason: "no such date or time")
    }
    guard let offset = parsed.offsetSeconds else {
      return parsed.civil.timestamp(in: zone)
    }
    return Timestamp(
      microsecondsSince1970: parsed.civil.microsecondsAsUTC - Int64(offset) * 1_000_000)
  }

  /// The fields of a value and its offset in seconds, if it has one; `nil` if it is not in
  /// the accepted form.
  static func scan(_ bytes: inout ArraySlice<UInt8>) -> (civil: CivilTime, offsetSeconds: Int?)? {
    guard let year = digits(&bytes, 4), take(&bytes, "-"), let month = digits(&bytes, 2),
      take(&bytes, "-"), let day = digits(&bytes, 2)
    else { return nil }
    var civil = CivilTime(year: year, month: month, day: day)
    if bytes.isEmpty { return (civil, nil) }
    guard take(&bytes, "T") || take(&bytes, " ") || take(&bytes, "t"),
      let hour = digits(&bytes, 2), take(&bytes, ":"), let minute = digits(&bytes, 2)
    else { return nil }
    civil.hour = hour
    civil.minute = minute
    if take(&bytes, ":") {
      guard let second = digits(&bytes, 2) else { return nil }
      civil.second = second
      if take(&bytes, ".") || take(&bytes, ",") {
        guard let micro = fraction(&bytes) else { return nil }
        civil.microsecond = micro
      }
    }
    if bytes.isEmpty { return (civil, nil) }
    if take(&bytes, "Z") || take(&bytes, "z") {
      return bytes.isEmpty ? (civil, 0) : nil
    }
    guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
      return nil
    }
    bytes.removeFirst()
    guard let hours = digits(&bytes, 2), hours <= 23 else { return nil }
    var minutes = 0
    if !bytes.isEmpty {
      _ = take(&bytes, ":")
      guard let parsedMinutes = digits(&bytes, 2), parsedMinutes <= 59, bytes.isEmpty else {
        return nil
      }
      minutes = parsedMinutes
    }
    let offset = hours * 3_600 + minutes * 60
    return (civil, sign == UInt8(ascii: "-") ? -offset : offset)
  }

  private static func take(_ bytes: inout ArraySlice<UInt8>, _ character: Unicode.Scalar) -> Bool {
    guard bytes.first == UInt8(ascii: character) else { return false }
    bytes.removeFirst()
    return true
  }

  private static func digits(_ bytes: inout ArraySlice<UInt8>, _ count: Int) -> Int? {
    guard bytes.count >= count else { return nil }
    var value = 0
    for byte in bytes.prefix(count) {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    bytes.removeFirst(count)
    return value
  }

  /// Reads one or more digits after the decimal mark as microseconds, truncating past six.
  private static func fraction(_ bytes: inout ArraySlice<UInt8>) -> Int? {
    var micro = 0
    var count = 0
    while let byte = bytes.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
      if count < 6 {
        micro = micro * 10 + Int(byte - UInt8(ascii: "0"))
      }
      count += 1
      bytes.removeFirst()
    }
    guard count > 0 else { return nil }
    for _ in count..<max(count, 6) {
      micro *= 10
    }
    return micro
  }
}
