/// The two sizes of time bucket whose figures tally keeps beside the readings: quarters of an
/// hour and days, both counted from 1970-01-01 00:00 UTC.
///
/// Every period in every time zone whose offset is a whole number of quarter hours (all zones
/// in use today, `:30` and `:45` offsets and daylight-saving changes included) starts and ends
/// on a quarter: a report adds up days and quarters instead of readings. A range that starts
/// or ends inside a quarter (a zone's local mean time before 1900, `--from` at any instant)
/// takes the readings of that part of a quarter instead; the answer is the same.
public enum RollupLevel: Sendable, CaseIterable {
  /// Fifteen minutes.
  case quarter
  /// Twenty-four hours, UTC.
  case day

  /// The length of one bucket, in microseconds.
  public var microseconds: Int64 {
    switch self {
    case .quarter: 900_000_000
    case .day: 86_400_000_000
    }
  }

  /// The bucket that holds the instant `microseconds` since 1970 (rounded down, also before
  /// 1970).
  public func bucket(of microseconds: Int64) -> Int64 {
    let (quotient, remainder) = microseconds.quotientAndRemainder(dividingBy: self.microseconds)
    return remainder < 0 ? quotient - 1 : quotient
  }

  /// The instant a bucket starts, in microseconds since 1970.
  public func start(of bucket: Int64) -> Int64 {
    bucket * microseconds
  }

  /// How many quarters a day holds.
  public static let quartersPerDay: Int64 = 96
}
