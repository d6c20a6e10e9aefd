/// How the figures of ranges of time are made from stored rollups: the one definition of a
/// range's figures, whichever backend holds them.
///
/// A range is cut at Monday midnights UTC into weeks, a part of a week at midnights into days,
/// a part of a day at quarter hours into quarters, and at most two parts of a quarter are
/// summed from the readings. Whole buckets are stored; each part adds its pieces in time
/// order, and the range adds its weeks and parts of weeks in time order, each with
/// ``RangeFigures/add(_:)-(RangeFigures)``; a stored week is its days added the same way, a
/// stored day its quarters, a stored quarter its readings. So the sum of a range is the same
/// number to the last bit whether its buckets come from the rollups or are summed again from
/// the readings, whatever the range and the time zone that drew it.
public struct RollupPlan: Sendable {
  /// What the plan needs from a ``RollupSource``.
  public let request: RollupRequest
  private let ranges: [[Piece]]

  /// A piece of a range, or of a part of a bucket.
  private indirect enum Piece: Sendable {
    /// Whole buckets of a level, each stored.
    case whole(RollupLevel, ClosedRange<Int64>)
    /// A part of one bucket: its pieces in time order.
    case part([Piece])
    /// A part of a quarter: the request's leaf at this index.
    case leaf(Int)
  }

  /// Plans the figures of `ranges` (microseconds since 1970; an empty range has none).
  public init(ranges: [Range<Int64>]) {
    var runs: [RollupLevel: [ClosedRange<Int64>]] = [:]
    var leaves: [Range<Int64>] = []
    self.ranges = ranges.map { range in
      Self.pieces(of: range, at: .week, runs: &runs, leaves: &leaves)
    }
    request = RollupRequest(
      runs: runs.mapValues { $0.joinedRuns(acrossGapsOf: Self.bucketsWorthReadingThrough) },
      leaves: leaves)
  }

  /// Runs this few buckets apart are asked for as one.
  ///
  /// Reading the buckets between them costs less than seeking the next run. A month's weeks lie one week apart from the next month's
  /// (the week the months share is made of days), so a monthly report reads each level's
  /// weeks in one run instead of one run a month.
  static let bucketsWorthReadingThrough: Int64 = 2

  /// The figures of each range, in the order they were given, from `rows` (the answer to
  /// ``request``).
  public func figures(from rows: RollupRows) -> [RangeFigures] {
    ranges.map { Self.added($0, from: rows) }
  }

  private static func added(_ pieces: [Piece], from rows: RollupRows) -> RangeFigures {
    var figures = RangeFigures.empty
    for piece in pieces {
      switch piece {
      case .whole(let level, let run):
        for bucket in stored(run, in: rows.buckets[level] ?? []) { figures.add(bucket.figures) }
      case .part(let parts):
        figures.add(added(parts, from: rows))
      case .leaf(let index):
        figures.add(rows.leaves[index])
      }
    }
    return figures
  }

  /// The pieces of `range` at `level`: runs of whole buckets, and parts of buckets cut
  /// further at the next smaller level (parts of quarters are leaves).
  private static func pieces(
    of range: Range<Int64>, at level: RollupLevel, runs: inout [RollupLevel: [ClosedRange<Int64>]],
    leaves: inout [Range<Int64>]
  ) -> [Piece] {
    var pieces: [Piece] = []
    var cursor = range.lowerBound
    while cursor < range.upperBound {
      let bucket = level.bucket(of: cursor)
      let next = level.start(of: bucket + 1)
      if cursor == level.start(of: bucket), range.upperBound >= next {
        let lastWhole = level.bucket(of: range.upperBound) - 1
        runs[level, default: []].append(bucket...lastWhole)
        pieces.append(.whole(level, bucket...lastWhole))
        cursor = level.start(of: lastWhole + 1)
        continue
      }
      let part = cursor..<min(range.upperBound, next)
      if let smaller = level.smaller {
        pieces.append(.part(Self.pieces(of: part, at: smaller, runs: &runs, leaves: &leaves)))
      } else {
        leaves.append(part)
        pieces.append(.leaf(leaves.count - 1))
      }
      cursor = part.upperBound
    }
    return pieces
  }

  /// The buckets of `stored` (ascending) that lie in `run`.
  private static func stored(
    _ run: ClosedRange<Int64>, in stored: [BucketFigures]
  ) -> ArraySlice<BucketFigures> {
    var low = 0
    var high = stored.count
    while low < high {
      let middle = (low + high) / 2
      if stored[middle].bucket < run.lowerBound { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < stored.count, stored[end].bucket <= run.upperBound { end += 1 }
    return stored[low..<end]
  }
}
