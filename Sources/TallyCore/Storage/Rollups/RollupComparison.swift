/// One level's stored buckets compared with what its readings add up to, both in ascending
/// order, as they come: `tally check` walks 10M readings holding one bucket of each side at a
/// time, not every quarter hour of a decade twice.
///
/// `Failure` is what reading a stored bucket may throw: `Never` for buckets in memory.
public struct RollupComparison<Failure: Error> {
  /// The level compared.
  public let level: RollupLevel
  /// The first bucket that differs, with ``differing`` still 0 (``RollupDifference/first(of:)``
  /// counts them all).
  public private(set) var first: RollupDifference?
  /// How many buckets differ.
  public private(set) var differing = 0
  /// The next stored bucket, read ahead.
  private var pending: BucketFigures?
  private var isStarted = false
  private let nextStored: () throws(Failure) -> BucketFigures?

  /// A comparison with the stored buckets that `stored` hands over one at a time, ascending,
  /// then `nil`.
  public init(level: RollupLevel, stored: @escaping () throws(Failure) -> BucketFigures?) {
    self.level = level
    nextStored = stored
  }

  /// Takes the next bucket counted from the readings, after every one before it.
  public mutating func counted(_ bucket: BucketFigures) throws(Failure) {
    while let stored = try peek(), stored.bucket < bucket.bucket {
      note(stored.bucket, stored: stored.figures, counted: nil)
      pending = try nextStored()
    }
    if let stored = try peek(), stored.bucket == bucket.bucket {
      note(bucket.bucket, stored: stored.figures, counted: bucket.figures)
      pending = try nextStored()
    } else {
      note(bucket.bucket, stored: nil, counted: bucket.figures)
    }
  }

  /// Takes the stored buckets after the last counted one: each is a difference.
  public mutating func finish() throws(Failure) {
    while let stored = try peek() {
      note(stored.bucket, stored: stored.figures, counted: nil)
      pending = try nextStored()
    }
  }

  private mutating func peek() throws(Failure) -> BucketFigures? {
    if !isStarted {
      isStarted = true
      pending = try nextStored()
    }
    return pending
  }

  private mutating func note(_ bucket: Int64, stored: RangeFigures?, counted: RangeFigures?) {
    guard stored != counted else { return }
    differing += 1
    if first == nil {
      first = RollupDifference(
        level: level, bucket: bucket, stored: stored, counted: counted, differing: 0)
    }
  }
}
