import Foundation
import TallyCore

/// Reads the date column: ISO 8601, or a Unicode date pattern when one is given.
struct DateField {
  private let iso: TimestampParser
  private let pattern: DateFormatter?

  init(format: String?, zone: TimeZone) {
    iso = TimestampParser(zone: zone)
    pattern = format.map { format in
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = zone
      formatter.dateFormat = format
      formatter.isLenient = false
      return formatter
    }
  }

  func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) -> Timestamp {
    guard let pattern else { return try iso.parse(bytes: bytes) }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let date = pattern.date(from: text) else {
      throw ParseError(
        value: text, reason: "does not match the date format '\(pattern.dateFormat ?? "")'")
    }
    return Timestamp(date)
  }
}
