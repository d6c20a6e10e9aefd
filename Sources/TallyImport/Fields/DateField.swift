import Foundation
import TallyCore

/// Reads the date column: ISO 8601, or a Unicode date pattern when one is given.
///
/// A pattern without a zone field is read as a wall-clock time in the zone, by the same rule as
/// ISO dates: a time that a daylight-saving change skips moves forward by the size of the
/// change, and a time that happens twice is the earlier.
struct DateField {
  private let iso: TimestampParser
  private let pattern: DateFormatter?
  private let zone: TimeZone
  /// Whether the pattern reads a zone or offset itself (`XXX`, `Z`, `zzz`, ...).
  private let patternHasZone: Bool

  init(format: String?, zone: TimeZone) {
    iso = TimestampParser(zone: zone)
    self.zone = zone
    let hasZone = format.map(Self.namesAZone) ?? false
    patternHasZone = hasZone
    pattern = format.map { format in
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      // Without a zone in the pattern, read the wall-clock time as if in UTC (which has no
      // gaps) and place it in the zone afterwards.
      formatter.timeZone = hasZone ? zone : TimeZone(identifier: "UTC")
      formatter.dateFormat = format
      formatter.isLenient = false
      return formatter
    }
  }

  /// Whether a Unicode date pattern has a zone field, outside quoted text.
  static func namesAZone(_ format: String) -> Bool {
    var quoted = false
    for character in format {
      if character == "'" {
        quoted.toggle()
      } else if !quoted, "XxZzOVv".contains(character) {
        return true
      }
    }
    return false
  }

  func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) -> Timestamp {
    guard let pattern else {
      do {
        return try iso.parse(bytes: bytes)
      } catch  where error.reason.hasPrefix("not a date or time") {
        // A date written another way: say how to read it.
        throw ParseError(
          value: error.value,
          reason: error.reason + "; for dates written another way, add --date-format "
            + Self.suggestedPattern(for: error.value))
      }
    }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let date = pattern.date(from: text) else {
      throw ParseError(
        value: text, reason: "does not match the date format '\(pattern.dateFormat ?? "")'")
    }
    guard !patternHasZone else { return Timestamp(date) }
    let wallClock = CivilTime(microsecondsAsUTC: Timestamp(date).microsecondsSince1970)
    return try TimestampParser.instant(of: wallClock, in: zone, value: text)
  }

  /// A pattern for a date that is not ISO 8601, guessed from its separators: `dd.MM.yyyy`
  /// for `15.01.2024`, `MM/dd/yyyy` for `1/15/2024`, else `dd.MM.yyyy` as an example.
  static func suggestedPattern(for value: String) -> String {
    let day = value.split(separator: " ").first.map(String.init) ?? value
    let time = value.contains(":") ? " HH:mm" : ""
    for separator in [".", "/", "-"] {
      let parts = day.split(separator: Character(separator))
      guard parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isNumber) }) else { continue }
      if parts[0].count == 4 { return "'yyyy\(separator)MM\(separator)dd\(time)'" }
      let first = Int(parts[0]) ?? 0
      let year = parts[2].count == 2 ? "yy" : "yyyy"
      return first > 12 || separator == "."
        ? "'dd\(separator)MM\(separator)\(year)\(time)'"
        : "'MM\(separator)dd\(separator)\(year)\(time)' (or 'dd\(separator)MM\(separator)\(year)\(time)')"
    }
    return "(such as 'dd.MM.yyyy')"
  }
}
