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

  /// The first difference of the quarters, else of the days, else of the weeks, counting the
  /// differing buckets of all.
  public static func first(
    _ levels: [(level: RollupLevel, stored: [BucketFigures], counted: [BucketFigures])]
  ) -> RollupDifference? {
    let found = levels.compactMap { first(level: $0.level, stored: $0.stored, counted: $0.counted) }
    guard var first = found.first else { return nil }
    first.differing = found.reduce(0) { $0 + $1.differing }
    return first
  }

  /// The first difference between the buckets `stored` and `counted` (both ascending), if any.
  public static func first(
    level: RollupLevel, stored: [BucketFigures], counted: [BucketFigures]
  ) -> RollupDifference? {
    var first: RollupDifference?
    var differing = 0
    var (i, j) = (0, 0)
    while i < stored.count || j < counted.count {
      let storedBucket = i < stored.count ? stored[i].bucket : Int64.max
      let countedBucket = j < counted.count ? counted[j].bucket : Int64.max
      let bucket = min(storedBucket, countedBucket)
      let mine = storedBucket == bucket ? stored[i].figures : nil
      let theirs = countedBucket == bucket ? counted[j].figures : nil
      if storedBucket == bucket { i += 1 }
      if countedBucket == bucket { j += 1 }
      guard mine != theirs else { continue }
      differing += 1
      if first == nil {
        first = RollupDifference(
          level: level, bucket: bucket, stored: mine, counted: theirs, differing: 0)
      }
    }
    first?.differing = differing
    return first
  }
}
