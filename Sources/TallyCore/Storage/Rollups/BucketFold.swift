/// Adds up readings (or smaller buckets) into buckets of one ``RollupLevel``, as they come in
/// time order: how the rollups are made from the readings, and days from quarters.
public struct BucketFold: Sendable {
  private let level: RollupLevel
  private var current: BucketFigures?

  /// Creates a fold into buckets of `level`.
  public init(into level: RollupLevel) {
    self.level = level
  }

  /// Takes in the next reading: `amount` at `microseconds` since 1970, no earlier than the
  /// last (readings of one instant in order of amount, then id).
  ///
  /// - Returns: The bucket this reading closed (the one before its own), if it closed one.
  public mutating func add(_ amount: Double, at microseconds: Int64) -> BucketFigures? {
    var figures = RangeFigures.empty
    figures.add(amount)
    return add(figures, at: microseconds)
  }

  /// Takes in the figures of the next smaller bucket, which starts at `microseconds`.
  ///
  /// - Returns: The bucket this closed (the one before), if it closed one.
  public mutating func add(_ figures: RangeFigures, at microseconds: Int64) -> BucketFigures? {
    let bucket = level.bucket(of: microseconds)
    if current?.bucket == bucket {
      current?.figures.add(figures)
      return nil
    }
    defer { current = BucketFigures(bucket: bucket, figures: figures) }
    return current
  }

  /// The last bucket, still open; the fold is then empty.
  public mutating func finish() -> BucketFigures? {
    defer { current = nil }
    return current
  }
}
