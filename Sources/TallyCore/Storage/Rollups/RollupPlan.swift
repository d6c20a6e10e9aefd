/// How the figures of ranges of time are made from stored rollups: the one definition of a
/// range's figures, whichever backend holds them.
///
/// A range is cut at UTC midnights into days; a whole day's figures are stored, a part of a
/// day is cut at quarter hours into whole quarters (stored) and at most two parts of a quarter
/// (summed from the readings). A part of a day adds its pieces in time order, and the range
/// adds its days in time order, each with ``RangeFigures/add(_:)-(RangeFigures)``; a stored day
/// is its quarters added the same way, a stored quarter its readings. So the sum of a range is
/// the same number to the last bit whether its days and quarters come from the rollups or are
/// summed again from the readings, whatever the range and the time zone that drew it.
public struct RollupPlan: Sendable {
  /// What the plan needs from a ``RollupSource``.
  public let request: RollupRequest
  private let ranges: [[DayPiece]]

  /// One or more days of a range.
  private enum DayPiece: Sendable {
    /// Whole days, each stored.
    case wholeDays(ClosedRange<Int64>)
    /// A part of one day: whole quarters and parts of quarters, in time order.
    case partOfDay([QuarterPiece])
  }

  /// A piece of a part of a day.
  private enum QuarterPiece: Sendable {
    /// Whole quarters, each stored.
    case wholeQuarters(ClosedRange<Int64>)
    /// A part of a quarter: the request's leaf at this index.
    case leaf(Int)
  }

  /// Plans the figures of `ranges` (microseconds since 1970; an empty range has none).
  public init(ranges: [Range<Int64>]) {
    var days: [ClosedRange<Int64>] = []
    var quarters: [ClosedRange<Int64>] = []
    var leaves: [Range<Int64>] = []
    self.ranges = ranges.map { range in
      Self.pieces(of: range, days: &days, quarters: &quarters, leaves: &leaves)
    }
    request = RollupRequest(
      days: days.joinedRuns(), quarters: quarters.joinedRuns(), leaves: leaves)
  }

  /// The figures of each range, in the order they were given, from `rows` (the answer to
  /// ``request``).
  public func figures(from rows: RollupRows) -> [RangeFigures] {
    ranges.map { pieces in
      var range = RangeFigures.empty
      for piece in pieces {
        switch piece {
        case .wholeDays(let days):
          for day in Self.stored(days, in: rows.days) { range.add(day.figures) }
        case .partOfDay(let parts):
          var day = RangeFigures.empty
          for part in parts {
            switch part {
            case .wholeQuarters(let quarters):
              for quarter in Self.stored(quarters, in: rows.quarters) { day.add(quarter.figures) }
            case .leaf(let index):
              day.add(rows.leaves[index])
            }
          }
          range.add(day)
        }
      }
      return range
    }
  }

  private static func pieces(
    of range: Range<Int64>, days: inout [ClosedRange<Int64>],
    quarters: inout [ClosedRange<Int64>], leaves: inout [Range<Int64>]
  ) -> [DayPiece] {
    let day = RollupLevel.day
    var pieces: [DayPiece] = []
    var cursor = range.lowerBound
    while cursor < range.upperBound {
      let today = day.bucket(of: cursor)
      let tomorrow = day.start(of: today + 1)
      if cursor == day.start(of: today), range.upperBound >= tomorrow {
        let lastWhole = day.bucket(of: range.upperBound) - 1
        days.append(today...lastWhole)
        pieces.append(.wholeDays(today...lastWhole))
        cursor = day.start(of: lastWhole + 1)
        continue
      }
      let end = min(range.upperBound, tomorrow)
      pieces.append(
        .partOfDay(partOfDay(cursor..<end, quarters: &quarters, leaves: &leaves)))
      cursor = end
    }
    return pieces
  }

  /// The pieces of `part`, which lies inside one day.
  private static func partOfDay(
    _ part: Range<Int64>, quarters: inout [ClosedRange<Int64>], leaves: inout [Range<Int64>]
  ) -> [QuarterPiece] {
    let quarter = RollupLevel.quarter
    let floor = quarter.bucket(of: part.lowerBound)
    let first = quarter.start(of: floor) == part.lowerBound ? floor : floor + 1
    let end = quarter.bucket(of: part.upperBound)
    func leaf(_ range: Range<Int64>) -> QuarterPiece {
      leaves.append(range)
      return .leaf(leaves.count - 1)
    }
    guard first < end else { return [leaf(part)] }
    var pieces: [QuarterPiece] = []
    if part.lowerBound < quarter.start(of: first) {
      pieces.append(leaf(part.lowerBound..<quarter.start(of: first)))
    }
    quarters.append(first...(end - 1))
    pieces.append(.wholeQuarters(first...(end - 1)))
    if quarter.start(of: end) < part.upperBound {
      pieces.append(leaf(quarter.start(of: end)..<part.upperBound))
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
