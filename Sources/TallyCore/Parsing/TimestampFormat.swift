public import Foundation

/// How tally writes timestamps.
public enum TimestampFormat {
  /// ISO 8601 with the zone's offset, as exports and machine output use it:
  /// `2024-01-15T08:30:00+01:00`, with a fraction of a second only when there is one.
  public static func iso8601(_ timestamp: Timestamp, in zone: TimeZone) -> String {
    let (civil, offset) = CivilTime.of(timestamp, in: zone)
    var text = date(civil) + "T" + time(civil, seconds: true)
    if civil.microsecond != 0 {
      text +=
        civil.microsecond % 1_000 == 0
        ? "." + pad(civil.microsecond / 1_000, 3) : "." + pad(civil.microsecond, 6)
    }
    let sign = offset < 0 ? "-" : "+"
    let magnitude = abs(offset)
    text += sign + pad(magnitude / 3_600, 2) + ":" + pad(magnitude % 3_600 / 60, 2)
    return text
  }

  /// A short local form for people: `2024-01-15 08:30`, seconds only when there are some.
  public static func local(_ timestamp: Timestamp, in zone: TimeZone) -> String {
    let (civil, _) = CivilTime.of(timestamp, in: zone)
    return date(civil) + " " + time(civil, seconds: civil.second != 0)
  }

  /// The local form for a column of people's times: `2024-01-15 08:30`, or
  /// `2024-01-15 08:30:00` when `seconds` (as when any time of the column has some), so that
  /// one column has one shape.
  public static func local(_ timestamp: Timestamp, in zone: TimeZone, seconds: Bool) -> String {
    local(CivilTime.of(timestamp, in: zone).0, seconds: seconds)
  }

  /// ``local(_:in:seconds:)`` of a wall-clock time already worked out (``ZoneOffsets``).
  public static func local(_ civil: CivilTime, seconds: Bool) -> String {
    let withSeconds = seconds || civil.second != 0
    let twoDigits = 0...99
    guard (0...9_999).contains(civil.year), twoDigits.contains(civil.month),
      twoDigits.contains(civil.day), twoDigits.contains(civil.hour),
      twoDigits.contains(civil.minute), twoDigits.contains(civil.second)
    else {
      return date(civil) + " " + time(civil, seconds: withSeconds)
    }
    // A listing writes one a reading: its 16 or 19 bytes written in place, not five strings
    // padded and joined.
    return String(unsafeUninitializedCapacity: withSeconds ? 19 : 16) { text in
      func put(_ value: Int, width: Int, at start: Int) {
        var rest = value
        for index in (start..<start + width).reversed() {
          text[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
          rest /= 10
        }
      }
      put(civil.year, width: 4, at: 0)
      text[4] = UInt8(ascii: "-")
      put(civil.month, width: 2, at: 5)
      text[7] = UInt8(ascii: "-")
      put(civil.day, width: 2, at: 8)
      text[10] = UInt8(ascii: " ")
      put(civil.hour, width: 2, at: 11)
      text[13] = UInt8(ascii: ":")
      put(civil.minute, width: 2, at: 14)
      guard withSeconds else { return 16 }
      text[16] = UInt8(ascii: ":")
      put(civil.second, width: 2, at: 17)
      return 19
    }
  }

  /// `first` and `second` in the local form, with as much of their seconds as tells two
  /// different instants apart: a message that compares them never says `00:00 is after
  /// 00:00`.
  public static func localApart(_ first: Timestamp, _ second: Timestamp, in zone: TimeZone)
    -> (String, String)
  {
    let plain = (local(first, in: zone), local(second, in: zone))
    guard plain.0 == plain.1, first != second else { return plain }
    let (one, other) = (CivilTime.of(first, in: zone).0, CivilTime.of(second, in: zone).0)
    let seconds = (local(one, seconds: true), local(other, seconds: true))
    guard seconds.0 == seconds.1 else { return seconds }
    // Milliseconds where both times have no finer part, as ISO 8601 is written.
    let milliseconds = one.microsecond % 1_000 == 0 && other.microsecond % 1_000 == 0
    func fraction(_ civil: CivilTime) -> String {
      let digits = String(milliseconds ? civil.microsecond / 1_000 : civil.microsecond)
      return local(civil, seconds: true) + "."
        + String(repeating: "0", count: max(0, (milliseconds ? 3 : 6) - digits.count)) + digits
    }
    return (fraction(one), fraction(other))
  }

  /// Whether `timestamp` shows seconds in ``local(_:in:)``: its second is not 0 in `zone`.
  public static func hasSeconds(_ timestamp: Timestamp, in zone: TimeZone) -> Bool {
    CivilTime.of(timestamp, in: zone).0.second != 0
  }

  /// The local calendar date: `2024-01-15`.
  public static func localDate(_ timestamp: Timestamp, in zone: TimeZone) -> String {
    date(CivilTime.of(timestamp, in: zone).0)
  }

  /// A civil date as `2024-01-15`.
  public static func date(_ civil: CivilTime) -> String {
    pad(civil.year, 4) + "-" + pad(civil.month, 2) + "-" + pad(civil.day, 2)
  }

  static func time(_ civil: CivilTime, seconds: Bool) -> String {
    let hhmm = pad(civil.hour, 2) + ":" + pad(civil.minute, 2)
    return seconds ? hhmm + ":" + pad(civil.second, 2) : hhmm
  }

  /// `value` in decimal, zero-padded to `width` digits.
  public static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
    return value < 0 ? "-" + padded : padded
  }
}
