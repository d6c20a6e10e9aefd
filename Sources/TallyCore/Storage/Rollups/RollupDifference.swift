/// Where a project's stored rollups first differ from what its readings add up to: what
/// `tally check` says when they disagree (reports would then show the rollups' figures).
public struct RollupDifference: Equatable, Sendable, CustomStringConvertible {
  /// The level of the bucket.
  public var level: RollupLevel
  /// The bucket.
  public var bucket: Int64
  /// What the rollups hold for it (`nil`: nothing).
  public var stored: RangeFigures?
  /// What its readings add up to (`nil`: it has none).
  public var counted: RangeFigures?
  /// How many buckets of the project differ in all.
  public var differing: Int

  /// Creates a difference.
  public init(
    level: RollupLevel, bucket: Int64, stored: RangeFigures?, counted: RangeFigures?,
    differing: Int
  ) {
    self.level = level
    self.bucket = bucket
    self.stored = stored
    self.counted = counted
    self.differing = differing
  }

  public var description: String {
    let start = Timestamp(microsecondsSince1970: level.start(of: bucket))
    let name =
      switch level {
      case .quarter: "quarter hour"
      case .day: "day"
      case .week: "week"
      }
    let more =
      differing > 1
      ? "; \(differing - 1) more quarter hour\(differing == 2 ? "" : "s"), day\(differing == 2 ? "" : "s") or week\(differing == 2 ? "" : "s") differ\(differing == 2 ? "s" : "")"
      : ""
    return "the rollups say the \(name) from \(start) holds \(Self.words(stored)), but it holds "
      + "\(Self.words(counted))\(more); reports show the rollups' figures until "
      + "`tally check --repair` sums them again"
  }

  private static func words(_ figures: RangeFigures?) -> String {
    guard let figures, figures.count > 0 else { return "no readings" }
    return "\(figures.count) reading\(figures.count == 1 ? "" : "s") summing "
      + AmountFormat.plain(figures.sum)
  }

  /// The first difference of the first level that has one, counting the differing buckets of
  /// all the levels.
  public static func first<Failure>(of comparisons: [RollupComparison<Failure>])
    -> RollupDifference?
  {
    guard var first = comparisons.lazy.compactMap(\.first).first else { return nil }
    first.differing = comparisons.reduce(0) { $0 + $1.differing }
    return first
  }
}
