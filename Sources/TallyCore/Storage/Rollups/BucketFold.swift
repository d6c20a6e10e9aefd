/// Adds up readings (or smaller buckets) into buckets of one ``RollupLevel``, as they come in
/// time order: how the rollups are made from the readings, and days from quarters.
public struct BucketFold: Sendable {
  private let level: RollupLevel
  private var current: BucketFigures?
  /// The buckets finished so far, ascending.
  public private(set) var finished: [BucketFigures] = []

  /// Creates a fold into buckets of `level`.
  public init(into level: RollupLevel) {
    self.level = level
  }

  /// Takes in the next reading: `amount` at `microseconds` since 1970, no earlier than the
  /// last (readings of one instant in order of amount, then id).
  public mutating func add(_ amount: Double, at microseconds: Int64) {
    var figures = RangeFigures.empty
    figures.add(amount)
    add(figures, at: microseconds)
  }

  /// Takes in the figures of the next smaller bucket, which starts at `microseconds`.
  public mutating func add(_ figures: RangeFigures, at microseconds: Int64) {
    let bucket = level.bucket(of: microseconds)
    if current?.bucket != bucket {
      if let done = current { finished.append(done) }
      current = BucketFigures(bucket: bucket, figures: .empty)
    }
    current?.figures.add(figures)
  }

  /// Takes the finished buckets out, leaving the one still being filled.
  public mutating func takeFinished() -> [BucketFigures] {
    defer { finished = [] }
    return finished
  }

  /// Every bucket, the last one included.
  public mutating func finish() -> [BucketFigures] {
    if let done = current { finished.append(done) }
    current = nil
    return takeFinished()
  }
}
