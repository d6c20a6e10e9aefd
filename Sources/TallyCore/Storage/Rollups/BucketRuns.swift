extension Array where Element == ClosedRange<Int64> {
  /// The runs sorted and joined where they touch or overlap.
  public func joinedRuns() -> [ClosedRange<Int64>] {
    joinedRuns(acrossGapsOf: 0)
  }

  /// The runs sorted and joined where they overlap or lie at most `gap` buckets apart: a run
  /// then also holds the buckets between the runs it joins.
  public func joinedRuns(acrossGapsOf gap: Int64) -> [ClosedRange<Int64>] {
    var joined: [ClosedRange<Int64>] = []
    for run in sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = joined.last,
        run.lowerBound <= last.upperBound.addingClamped(gap).addingClamped(1)
      {
        joined[joined.count - 1] = last.lowerBound...Swift.max(last.upperBound, run.upperBound)
      } else {
        joined.append(run)
      }
    }
    return joined
  }

  /// The runs (ascending and apart), in groups of those whose buckets of `larger` (the level
  /// that holds buckets of `level`) overlap or touch, each group with the run of `larger`'s
  /// buckets that holds it.
  public func grouped(
    into larger: RollupLevel, of level: RollupLevel
  ) -> [(runs: ArraySlice<ClosedRange<Int64>>, holding: ClosedRange<Int64>)] {
    var groups: [(runs: ArraySlice<ClosedRange<Int64>>, holding: ClosedRange<Int64>)] = []
    var start = startIndex
    var holding: ClosedRange<Int64>?
    for index in indices {
      let mine = larger.buckets(holding: self[index], of: level)
      if let current = holding, mine.lowerBound <= current.upperBound + 1 {
        holding = current.lowerBound...Swift.max(current.upperBound, mine.upperBound)
        continue
      }
      if let current = holding { groups.append((self[start..<index], current)) }
      start = index
      holding = mine
    }
    if let current = holding { groups.append((self[start..<endIndex], current)) }
    return groups
  }
}

extension Int64 {
  /// The sum, or the largest value where it would overflow (the gaps are never negative).
  fileprivate func addingClamped(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? .max : sum
  }
}
