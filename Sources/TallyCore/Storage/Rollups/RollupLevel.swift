/// The sizes of time bucket whose figures tally keeps beside the readings: quarters of an
/// hour, days and weeks (Monday to Sunday), all in UTC.
///
/// Every period in every time zone whose offset is a whole number of quarter hours (all zones
/// in use today, `:30` and `:45` offsets and daylight-saving changes included) starts and ends
/// on a quarter: a report adds up weeks, days and quarters instead of readings. A range that
/// starts or ends inside a quarter (a zone's local mean time before 1900, `--from` at any
/// instant) takes the readings of that part of a quarter instead; the answer is the same.
public enum RollupLevel: Sendable, CaseIterable {
  /// Fifteen minutes.
  case quarter
  /// Twenty-four hours, UTC.
  case day
  /// Seven days from a Monday, UTC.
  case week

  /// The length of one bucket, in microseconds.
  public var microseconds: Int64 {
    switch self {
    case .quarter: 900_000_000
    case .day: 86_400_000_000
    case .week: 604_800_000_000
    }
  }

  /// Where bucket 0 starts, in microseconds since 1970: weeks start on Monday 1970-01-05.
  private var origin: Int64 {
    self == .week ? 4 * 86_400_000_000 : 0
  }

  /// The next smaller level, whose buckets make up this one's; `nil` for quarters.
  public var smaller: RollupLevel? {
    switch self {
    case .quarter: nil
    case .day: .quarter
    case .week: .day
    }
  }

  /// The bucket that holds the instant `microseconds` since 1970 (rounded down, also before
  /// 1970).
  public func bucket(of microseconds: Int64) -> Int64 {
    let (shifted, overflow) = microseconds.subtractingReportingOverflow(origin)
    // Only the first instants of time lie that far before the origin: the first bucket.
    guard !overflow else { return Int64.min / self.microseconds - 1 }
    let (quotient, remainder) = shifted.quotientAndRemainder(dividingBy: self.microseconds)
    return remainder < 0 ? quotient - 1 : quotient
  }

  /// The instant a bucket starts, in microseconds since 1970.
  public func start(of bucket: Int64) -> Int64 {
    // A bucket stored past tally far outside the years it reads (a server's row written
    // before its checks) starts at the end of time rather than trapping.
    let (product, overflow) = bucket.multipliedReportingOverflow(by: microseconds)
    guard !overflow else { return bucket < 0 ? .min : .max }
    let (start, past) = product.addingReportingOverflow(origin)
    return past ? (bucket < 0 ? .min : .max) : start
  }

  /// The buckets of this level that lie in the buckets `run` of `larger`.
  public func buckets(in run: ClosedRange<Int64>, of larger: RollupLevel) -> ClosedRange<Int64> {
    let first = bucket(of: larger.start(of: run.lowerBound))
    return first...(bucket(of: larger.start(of: run.upperBound + 1)) - 1)
  }

  /// The buckets of this level that hold the buckets `run` of `smaller`.
  public func buckets(
    holding run: ClosedRange<Int64>, of smaller: RollupLevel
  ) -> ClosedRange<Int64> {
    bucket(of: smaller.start(of: run.lowerBound))...bucket(of: smaller.start(of: run.upperBound))
  }
}
