extension RangeFigures {
  /// The figures of no readings.
  public static let empty = RangeFigures(count: 0, sum: 0, min: nil, max: nil)

  /// Takes one more reading's amount into the figures.
  ///
  /// The sum adds amounts one at a time in the order they come, starting from the first
  /// (not from zero): the one rule by which every sum tally shows is made, so that a sum
  /// from rollups and one from the readings agree to the last bit (see ``RollupPlan``).
  public mutating func add(_ amount: Double) {
    if count == 0 {
      self = RangeFigures(count: 1, sum: amount, min: amount, max: amount)
      return
    }
    count += 1
    sum += amount
    if let smallest = min, amount < smallest { min = amount }
    if let largest = max, amount > largest { max = amount }
  }

  /// Takes the figures of the next part of a range into these: nothing when `next` holds no
  /// readings.
  public mutating func add(_ next: RangeFigures) {
    guard next.count > 0 else { return }
    guard count > 0 else {
      self = next
      return
    }
    // A count stored past tally (a server's row written before its checks) saturates rather
    // than overflows: the figures are wrong, and `check` says so, but nothing traps.
    let (total, overflow) = count.addingReportingOverflow(next.count)
    count = overflow ? .max : total
    sum += next.sum
    if let smallest = next.min, smallest < min ?? smallest { min = smallest }
    if let largest = next.max, largest > max ?? largest { max = largest }
  }
}
