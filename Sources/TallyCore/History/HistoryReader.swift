/// What looking back needs from a storage, all read in one snapshot: the history of changes
/// and the present state they are reverted from.
public protocol HistoryReader {
  /// The instant since which the history holds every change, when it does not hold them from
  /// the start (a database that an older tally made, or one restored from a copy).
  func completeSince() throws -> Timestamp?
  /// The changes made after `instant`, oldest first.
  func events(after instant: Timestamp) throws -> [HistoryEvent]
  /// Every change that may concern reading `id`, oldest first: those that name it, and those
  /// that set readings aside or bring them back (an import's, a deleted project's); a few
  /// more do no harm.
  func events(concerning id: ReadingID) throws -> [HistoryEvent]
  /// The projects as they are now (those the person may see).
  func projects() throws -> [Project]
  /// The reading `id` as it is now among the readings, if it is there.
  func reading(_ id: ReadingID) throws -> Reading?
  /// The reading `id` as it is now among the set-aside readings, if it is there.
  func setAsideReading(_ id: ReadingID) throws -> Reading?
  /// The readings that `batch` brought in and that are among the readings now.
  func readings(of batch: ImportBatch) throws -> [Reading]
  /// The readings of `project` now.
  func readings(of project: ProjectID) throws -> [Reading]
  /// The set-aside readings held under `label` now (see ``Change/setAsideLabel(of:)-…``).
  func setAsideReadings(heldFor label: String) throws -> [Reading]
  /// The import `id`, if it is listed.
  func importBatch(_ id: ImportBatchID) throws -> ImportBatch?
  /// The range aggregates of `project`'s readings now, in the same snapshot.
  func aggregates(of project: ProjectID) throws -> any StoredReadings
}

/// Range aggregates from rollups that also hand out the readings themselves: what a report of
/// a past instant patches the present's figures with.
public protocol StoredReadings: RangeAggregates, RollupSource {
  /// The readings whose times lie in `ranges` (microseconds since 1970), in time order
  /// (time, then amount, then id), each range's after the one before.
  func readings(in ranges: [Range<Int64>]) throws -> [Reading]
  /// Up to `limit` readings next to `key` on `side`, nearest first.
  func readings(
    _ side: ReadingOrder.Side, of key: ReadingOrder.Key, limit: Int
  ) throws -> [Reading]
}
