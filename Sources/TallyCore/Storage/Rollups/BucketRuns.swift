extension Array where Element == ClosedRange<Int64> {
  /// The runs sorted and joined where they touch or overlap.
  public func joinedRuns() -> [ClosedRange<Int64>] {
    var joined: [ClosedRange<Int64>] = []
    for run in sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = joined.last, run.lowerBound <= last.upperBound + 1 {
        joined[joined.count - 1] = last.lowerBound...Swift.max(last.upperBound, run.upperBound)
      } else {
        joined.append(run)
      }
    }
    return joined
  }
}
