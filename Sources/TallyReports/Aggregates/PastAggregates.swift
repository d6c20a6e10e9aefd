public import TallyCore

/// A project's range aggregates as they stood at an instant: the present's rollups, with the
/// buckets that later changes touched summed again from the readings as they were then.
///
/// Only the weeks, days and quarters that hold a changed reading (its time then or now) are
/// summed again, each from its smaller buckets as the rollups were made (a quarter from its
/// readings in time order, a day from its quarters, a week from its days), so that every
/// figure is the one a report gave at that instant, to the last bit, and the cost follows the
/// changes since, not the readings stored. Finding the readings next to an instant steps over
/// the readings changed since.
public final class PastAggregates: RangeAggregates, RollupSource {
  private let base: any StoredReadings
  /// The readings now that were otherwise then, by id.
  private let replaced: [ReadingID: Reading]
  /// The readings then that are otherwise now, in time order (time, then id).
  private let added: [Reading]
  /// The buckets per level that hold a changed reading, then or now.
  private let dirty: [RollupLevel: Set<Int64>]
  /// The dirty buckets of each dirty day and week, by the larger bucket.
  private let dirtyParts: [RollupLevel: [Int64: Set<Int64>]]
  /// How many readings a step past changed ones fetches at a time.
  private static let page = 256

  /// Aggregates over `base` (the present) with `differences` (how the readings then differ).
  public init(base: any StoredReadings, differences: ReadingDifferences) {
    self.base = base
    replaced = differences.replaced
    added = differences.added
    var dirty: [RollupLevel: Set<Int64>] = [:]
    for reading in Array(differences.replaced.values) + differences.added {
      for level in RollupLevel.allCases {
        dirty[level, default: []].insert(level.bucket(of: reading.timestamp.microsecondsSince1970))
      }
    }
    self.dirty = dirty
    var parts: [RollupLevel: [Int64: Set<Int64>]] = [:]
    for level in [RollupLevel.day, .week] {
      guard let smaller = level.smaller else { continue }
      for bucket in dirty[smaller] ?? [] {
        parts[level, default: [:]][level.bucket(of: smaller.start(of: bucket)), default: []]
          .insert(bucket)
      }
    }
    dirtyParts = parts
  }

  // MARK: Ranges

  public func rows(for request: RollupRequest) throws -> RollupRows {
    guard !dirty.isEmpty else { return try base.rows(for: request) }
    var needed: [RollupLevel: Set<Int64>] = [:]
    for (level, runs) in request.runs {
      needed[level] = (dirty[level] ?? []).filter { bucket in runs.contains { $0.contains(bucket) }
      }
    }
    for week in needed[.week] ?? [] {
      needed[.day, default: []].formUnion(dirtyParts[.week]?[week] ?? [])
    }
    for day in needed[.day] ?? [] {
      needed[.quarter, default: []].formUnion(dirtyParts[.day]?[day] ?? [])
    }
    // The stored buckets asked for, and those the dirty days and weeks are made of.
    var runs = request.runs
    for week in needed[.week] ?? [] {
      runs[.day, default: []].append(RollupLevel.day.buckets(in: week...week, of: .week))
    }
    for day in needed[.day] ?? [] {
      runs[.quarter, default: []].append(RollupLevel.quarter.buckets(in: day...day, of: .day))
    }
    var answer = try base.rows(
      for: RollupRequest(runs: runs.mapValues { $0.joinedRuns() }, leaves: request.leaves))
    var stored: [RollupLevel: [Int64: RangeFigures]] = [:]
    for (level, buckets) in answer.buckets {
      stored[level] = Dictionary(
        buckets.map { ($0.bucket, $0.figures) }, uniquingKeysWith: { first, _ in first })
    }
    // Quarters from their readings then, days from their quarters, weeks from their days.
    var summed: [RollupLevel: [Int64: RangeFigures]] = [.quarter: try quarters(needed[.quarter])]
    for level in [RollupLevel.day, .week] {
      guard let smaller = level.smaller else { continue }
      var figures: [Int64: RangeFigures] = [:]
      for bucket in needed[level] ?? [] {
        var total = RangeFigures.empty
        for part in smaller.buckets(in: bucket...bucket, of: level) {
          if let again = summed[smaller]?[part] {
            total.add(again)
          } else if let kept = stored[smaller]?[part] {
            total.add(kept)
          }
        }
        figures[bucket] = total
      }
      summed[level] = figures
    }
    for (level, figures) in summed where !figures.isEmpty {
      var buckets = stored[level] ?? [:]
      for (bucket, total) in figures { buckets[bucket] = total.count > 0 ? total : nil }
      answer.buckets[level] = buckets.map { BucketFigures(bucket: $0.key, figures: $0.value) }
        .sorted { $0.bucket < $1.bucket }
    }
    for (index, leaf) in request.leaves.enumerated()
    where dirty[.quarter]?.contains(RollupLevel.quarter.bucket(of: leaf.lowerBound)) == true {
      answer.leaves[index] = Self.fold(try readingsThen(in: leaf))
    }
    return answer
  }

  /// The figures of `quarters` from their readings then.
  private func quarters(_ quarters: Set<Int64>?) throws -> [Int64: RangeFigures] {
    let sorted = (quarters ?? []).sorted()
    guard !sorted.isEmpty else { return [:] }
    let level = RollupLevel.quarter
    var figures: [Int64: RangeFigures] = [:]
    for quarter in sorted { figures[quarter] = .empty }
    let ranges = sorted.map { level.start(of: $0)..<level.start(of: $0 + 1) }
    var byQuarter: [Int64: [Reading]] = [:]
    for reading in try base.readings(in: ranges) where replaced[reading.id] == nil {
      byQuarter[level.bucket(of: reading.timestamp.microsecondsSince1970), default: []].append(
        reading)
    }
    for reading in added {
      let quarter = level.bucket(of: reading.timestamp.microsecondsSince1970)
      if figures[quarter] != nil { byQuarter[quarter, default: []].append(reading) }
    }
    for (quarter, readings) in byQuarter { figures[quarter] = Self.fold(Self.ordered(readings)) }
    return figures
  }

  /// The readings then whose times lie in `range`, in the order sums add them.
  private func readingsThen(in range: Range<Int64>) throws -> [Reading] {
    var readings = try base.readings(in: [range]).filter { replaced[$0.id] == nil }
    readings += added.filter { range.contains($0.timestamp.microsecondsSince1970) }
    return Self.ordered(readings)
  }

  /// `readings` in the order the rollups add them: time, then amount, then id.
  private static func ordered(_ readings: [Reading]) -> [Reading] {
    readings.sorted {
      ($0.timestamp, $0.amount, $0.id.rawValue) < ($1.timestamp, $1.amount, $1.id.rawValue)
    }
  }

  private static func fold(_ readings: [Reading]) -> RangeFigures {
    var figures = RangeFigures.empty
    for reading in readings { figures.add(reading.amount) }
    return figures
  }

  // MARK: Single readings

  public func span() throws -> ClosedRange<Timestamp>? {
    guard
      let first = try nearest(.after, of: .start(of: Timestamp(microsecondsSince1970: .min))),
      let last = try nearest(
        .before, of: ReadingOrder.Key(Timestamp(microsecondsSince1970: .max), id: .max))
    else { return nil }
    return first.timestamp...last.timestamp
  }

  public func firstReading(atOrAfter instant: Timestamp) throws -> Timestamp? {
    try nearest(.after, of: .start(of: instant))?.timestamp
  }

  public func reading(_ side: ReadingOrder.Side, of key: ReadingOrder.Key) throws -> Reading? {
    try nearest(side, of: key)
  }

  public func resets() throws -> [Reading] {
    (try base.resets().filter { replaced[$0.id] == nil } + added.filter(\.isReset))
      .sorted { ReadingOrder.Key($0) < ReadingOrder.Key($1) }
  }

  /// The reading then next to `key` on `side`: the nearest of the present's that did not
  /// change since, or of those that were otherwise then.
  private func nearest(_ side: ReadingOrder.Side, of key: ReadingOrder.Key) throws -> Reading? {
    var fromBase: Reading?
    var cursor = key
    search: while true {
      let page = try base.readings(side, of: cursor, limit: Self.page)
      guard let last = page.last else { break }
      for reading in page where replaced[reading.id] == nil {
        fromBase = reading
        break search
      }
      cursor = ReadingOrder.Key(last)
    }
    let fromThen = nearestAdded(side, of: key)
    guard let fromBase else { return fromThen }
    guard let fromThen else { return fromBase }
    let baseKey = ReadingOrder.Key(fromBase)
    let thenKey = ReadingOrder.Key(fromThen)
    return side == .after
      ? (thenKey < baseKey ? fromThen : fromBase)
      : (baseKey < thenKey ? fromThen : fromBase)
  }

  /// The nearest of the readings then that differ from now, by a binary search.
  private func nearestAdded(_ side: ReadingOrder.Side, of key: ReadingOrder.Key) -> Reading? {
    var low = 0
    var high = added.count
    // The first index whose key is after `key`.
    while low < high {
      let middle = (low + high) / 2
      if ReadingOrder.Key(added[middle]) > key { high = middle } else { low = middle + 1 }
    }
    if side == .after { return low < added.count ? added[low] : nil }
    var index = low - 1
    while index >= 0, !(ReadingOrder.Key(added[index]) < key) { index -= 1 }
    return index >= 0 ? added[index] : nil
  }
}
