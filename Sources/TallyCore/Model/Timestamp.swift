public import Foundation

/// An instant, to the microsecond, as tally stores it.
///
/// `Date` holds a `Double` of seconds since 2001, which does not survive a trip through
/// another representation exactly; a timestamp is a whole number of microseconds since
/// 1970-01-01T00:00:00Z, so what is stored is what is read back, bit for bit.
public struct Timestamp: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
  /// Microseconds since 1970-01-01T00:00:00Z.
  public var microsecondsSince1970: Int64

  /// Creates a timestamp from microseconds since 1970-01-01T00:00:00Z.
  public init(microsecondsSince1970: Int64) {
    self.microsecondsSince1970 = microsecondsSince1970
  }

  /// Creates a timestamp from whole seconds since 1970-01-01T00:00:00Z.
  public init(secondsSince1970: Int64) {
    self.microsecondsSince1970 = secondsSince1970 * 1_000_000
  }

  /// The timestamp nearest to `date`, to the microsecond.
  public init(_ date: Date) {
    self.microsecondsSince1970 = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
  }

  /// The same instant as a `Date`.
  public var date: Date {
    Date(timeIntervalSince1970: Double(microsecondsSince1970) / 1_000_000)
  }

  /// Seconds from `self` to `later`; any two instants, however far apart (a row written
  /// through SQL may hold the extremes of 64 bits), without overflowing.
  public func seconds(until later: Timestamp) -> Double {
    let (difference, overflow) = later.microsecondsSince1970.subtractingReportingOverflow(
      microsecondsSince1970)
    guard overflow else { return Double(difference) / 1_000_000 }
    return (Double(later.microsecondsSince1970) - Double(microsecondsSince1970)) / 1_000_000
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.microsecondsSince1970 < rhs.microsecondsSince1970
  }

  public var description: String { TimestampFormat.iso8601(self, in: .gmt) }

  public init(from decoder: any Decoder) throws {
    microsecondsSince1970 = try decoder.singleValueContainer().decode(Int64.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(microsecondsSince1970)
  }
}
