/// The readings of one project that a ``ReadingFilter`` takes, held in memory in time order,
/// so that a filtered report sums them as the rollups would not: the rollups hold every
/// reading, not the ones a filter picks.
///
/// The readings are kept ordered by time, then amount, then id (the order the storages' index
/// gives, and the one every sum adds in): a storage that hands them over in another order
/// calls ``putInOrder()`` once. A reading's place next to another (``reading(_:of:)``) goes by
/// time, then id, as everywhere else.
public struct MatchingReadings: RangeAggregates, Sendable {
  private let projectID: ProjectID
  private var timestamps: [Int64] = []
  private var amounts: [Double] = []
  private var ids: [Int64] = []
  private var isResets: [Bool] = []
  /// Each reading's tags, when kept (see ``byTag()``).
  private var tags: [[String]] = []
  /// Whether the readings appended so far came in order.
  private var isOrdered = true
  /// Whether it keeps each reading's tags.
  public let keepsTags: Bool

  /// An empty set of `project`'s readings; with `keepingTags`, one that keeps each reading's
  /// tags, for ``byTag()``.
  public init(of project: ProjectID, keepingTags: Bool = false) {
    projectID = project
    keepsTags = keepingTags
  }

  /// How many readings it holds.
  public var count: Int { timestamps.count }

  /// Adds the next reading in (time, amount, id) order.
  public mutating func append(
    id: Int64, timestamp: Int64, amount: Double, isReset: Bool, tags: [String] = []
  ) {
    if keepsTags { self.tags.append(tags) }
    if isOrdered, let last = timestamps.indices.last,
      (timestamp, amount, id) < (timestamps[last], amounts[last], ids[last])
    {
      isOrdered = false
    }
    isResets.append(isReset)
    timestamps.append(timestamp)
    amounts.append(amount)
    ids.append(id)
  }

  public func span() -> ClosedRange<Timestamp>? {
    guard let first = timestamps.first, let last = timestamps.last else { return nil }
    return Timestamp(microsecondsSince1970: first)...Timestamp(microsecondsSince1970: last)
  }

  public func firstReading(atOrAfter instant: Timestamp) -> Timestamp? {
    let place = firstPlace(atOrAfter: instant.microsecondsSince1970)
    return place < timestamps.count ? Timestamp(microsecondsSince1970: timestamps[place]) : nil
  }

  public func aggregate(from start: Timestamp, to end: Timestamp) -> RangeFigures {
    var figures = RangeFigures.empty
    var place = firstPlace(atOrAfter: start.microsecondsSince1970)
    let end = end.microsecondsSince1970
    while place < timestamps.count, timestamps[place] < end {
      figures.add(amounts[place])
      place += 1
    }
    return figures
  }

  public func reading(_ side: ReadingOrder.Side, of key: ReadingOrder.Key) -> Reading? {
    let instant = key.timestamp.microsecondsSince1970
    // The readings at the key's own instant lie in amount order: look through them by id.
    let first = firstPlace(atOrAfter: instant)
    var last = first
    while last < timestamps.count, timestamps[last] == instant { last += 1 }
    let sameInstant = (first..<last).filter { ids[$0] != key.id }
    switch side {
    case .before:
      if let place = sameInstant.filter({ ids[$0] < key.id }).max(by: { ids[$0] < ids[$1] }) {
        return reading(at: place)
      }
      return first > 0 ? latestAtInstant(endingAt: first) : nil
    case .after:
      if let place = sameInstant.filter({ ids[$0] > key.id }).min(by: { ids[$0] < ids[$1] }) {
        return reading(at: place)
      }
      return last < timestamps.count ? earliestAtInstant(startingAt: last) : nil
    }
  }

  public func resets() -> [Reading] {
    isResets.indices.filter { isResets[$0] }.map(reading(at:))
  }

  /// Puts readings appended out of order in order: by time, then amount, then id.
  public mutating func putInOrder() {
    guard !isOrdered else { return }
    let order = timestamps.indices.sorted {
      (timestamps[$0], amounts[$0], ids[$0]) < (timestamps[$1], amounts[$1], ids[$1])
    }
    timestamps = order.map { timestamps[$0] }
    amounts = order.map { amounts[$0] }
    ids = order.map { ids[$0] }
    isResets = order.map { isResets[$0] }
    if keepsTags { tags = order.map { tags[$0] } }
    isOrdered = true
  }

  /// The readings under each tag they carry, by tag.
  ///
  /// Exactly as carried: `work/client-a` only under itself. Those without tags come under the
  /// empty tag, last. A reading with two tags is under both. Empty without kept tags.
  public func byTag() -> [(tag: String, readings: MatchingReadings)] {
    var parts: [String: MatchingReadings] = [:]
    for place in tags.indices {
      for tag in tags[place].isEmpty ? [""] : tags[place] {
        parts[tag, default: MatchingReadings(of: projectID)].append(
          id: ids[place], timestamp: timestamps[place], amount: amounts[place],
          isReset: isResets[place])
      }
    }
    return parts.sorted { ($0.key.isEmpty ? 1 : 0, $0.key) < ($1.key.isEmpty ? 1 : 0, $1.key) }
      .map { (tag: $0.key, readings: $0.value) }
  }

  /// The reading with the highest id among those at the instant of the reading before `end`.
  private func latestAtInstant(endingAt end: Int) -> Reading {
    let instant = timestamps[end - 1]
    var best = end - 1
    var place = end - 1
    while place >= 0, timestamps[place] == instant {
      if ids[place] > ids[best] { best = place }
      place -= 1
    }
    return reading(at: best)
  }

  /// The reading with the lowest id among those at the instant of the reading at `start`.
  private func earliestAtInstant(startingAt start: Int) -> Reading {
    let instant = timestamps[start]
    var best = start
    var place = start
    while place < timestamps.count, timestamps[place] == instant {
      if ids[place] < ids[best] { best = place }
      place += 1
    }
    return reading(at: best)
  }

  private func reading(at place: Int) -> Reading {
    Reading(
      id: ReadingID(rawValue: ids[place]), projectID: projectID, amount: amounts[place],
      timestamp: Timestamp(microsecondsSince1970: timestamps[place]), note: nil,
      isReset: isResets[place])
  }

  /// The first place whose time is at or after `instant`, by halving.
  private func firstPlace(atOrAfter instant: Int64) -> Int {
    var low = 0
    var high = timestamps.count
    while low < high {
      let middle = (low + high) / 2
      if timestamps[middle] < instant { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
