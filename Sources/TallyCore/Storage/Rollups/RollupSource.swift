/// What a report needs from the stored rollups.
///
/// The figures of runs of weeks, days and quarters, and of a few parts of quarters summed from
/// the readings themselves. One call answers a whole report, so that a server is asked once.
public protocol RollupSource {
  /// The stored figures that `request` asks for.
  func rows(for request: RollupRequest) throws -> RollupRows
}

/// The buckets and parts of buckets a ``RollupPlan`` needs.
public struct RollupRequest: Equatable, Sendable {
  /// Runs of buckets per level, ascending and apart from one another.
  public var runs: [RollupLevel: [ClosedRange<Int64>]]
  /// Ranges inside one quarter each, in microseconds since 1970, to sum from the readings.
  public var leaves: [Range<Int64>]

  /// Creates a request.
  public init(runs: [RollupLevel: [ClosedRange<Int64>]] = [:], leaves: [Range<Int64>] = []) {
    self.runs = runs
    self.leaves = leaves
  }
}

/// The figures of one stored bucket.
public struct BucketFigures: Equatable, Sendable {
  /// The bucket's number (see ``RollupLevel/bucket(of:)``).
  public var bucket: Int64
  /// Its readings' figures; a bucket without readings is not stored.
  public var figures: RangeFigures

  /// Creates a bucket's figures.
  public init(bucket: Int64, figures: RangeFigures) {
    self.bucket = bucket
    self.figures = figures
  }
}

/// The answer to a ``RollupRequest``.
public struct RollupRows: Equatable, Sendable {
  /// Every stored bucket inside the request's runs, per level, ascending.
  public var buckets: [RollupLevel: [BucketFigures]]
  /// The figures of each of the request's leaves, in its order, summed from the readings in
  /// time order (time, then amount, then id) with ``RangeFigures/add(_:)-(Double)``.
  public var leaves: [RangeFigures]

  /// Creates an answer.
  public init(buckets: [RollupLevel: [BucketFigures]], leaves: [RangeFigures]) {
    self.buckets = buckets
    self.leaves = leaves
  }
}

extension RangeAggregates where Self: RollupSource {
  /// Count, sum, min and max of the readings from `start` (inclusive) to `end` (exclusive),
  /// from the rollups.
  public func aggregate(from start: Timestamp, to end: Timestamp) throws -> RangeFigures {
    try aggregates([start..<end])[0]
  }

  /// Rollups answer a report's periods all at once.
  public var answersManyRangesAtOnce: Bool { true }

  /// Every range from the rollups (see ``RollupPlan``), in one request to the source.
  public func aggregates(_ ranges: [Range<Timestamp>]) throws -> [RangeFigures] {
    let plan = RollupPlan(
      ranges: ranges.map {
        $0.lowerBound.microsecondsSince1970..<$0.upperBound.microsecondsSince1970
      })
    return plan.figures(from: try rows(for: plan.request))
  }
}
