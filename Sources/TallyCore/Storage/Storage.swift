public import Foundation

/// Where tally keeps its data: what the store's middleware and the use cases need from a
/// backend, and nothing of how it keeps it.
///
/// Every write is one transaction that either happens whole or changes nothing; its answer
/// carries the stored data as it then is, so the state follows the storage exactly. The SQLite
/// database implements it; the storage conformance suite checks any implementation.
public protocol Storage: Sendable {
  /// The stored data, with the readings of `openProject` (the project on screen) if given.
  func snapshot(openProject: ProjectID?) throws(TallyError) -> Snapshot

  /// Carries out a validated request (see ``Request/validated()``) in one transaction: the
  /// rules of ``ChangePlan`` decide the change, the storage writes and journals it.
  ///
  /// Times in its messages (a running timer's start, a meter's readings) are written in
  /// `zone`, the zone people read times in.
  ///
  /// - Returns: What was done and the stored data after it.
  func perform(_ request: Request, openProject: ProjectID?, zone: TimeZone) throws(TallyError)
    -> Commit

  /// Brings in the rows of a file in one transaction, all or nothing: each job one project's
  /// rows (a file that holds several projects has one job for each), journalled as one change
  /// that `undo` takes out whole, each job's readings recorded as an import of its own.
  ///
  /// The rows are read from the jobs as they are written (see ``ImportRows``): they never
  /// travel through the store. A dry run writes nothing.
  ///
  /// - Parameters:
  ///   - jobs: Validated jobs (see ``ImportJob/validated()``), at least one; all dry runs or
  ///     none.
  ///   - at: When the import runs.
  ///   - openProject: The project on screen, whose readings the snapshot includes.
  /// - Returns: What each job did (``Commit/importOutcomes``) and the stored data after it.
  /// - Throws: ``TallyError`` for invalid rows without `skipInvalid`, an unknown project, a
  ///   repeated file, a rule the rows break, or what reading the rows throws; nothing was
  ///   imported then.
  func importReadings(_ jobs: [ImportJob], at: Timestamp, openProject: ProjectID?)
    throws(TallyError) -> Commit

  /// Runs `body` with the range aggregates of `project`'s readings, all in one read, so that
  /// a report sees one state of the data.
  func withAggregates<Result>(
    of project: ProjectID, _ body: (any RangeAggregates) throws -> Result
  ) throws(TallyError) -> Result

  /// Runs `body` with the range aggregates of each of `projects` in turn, all in one read: a
  /// list of 100 projects opens one read, not 100, and sees one state of the data.
  func withAggregates(
    of projects: [ProjectID], _ body: (ProjectID, any RangeAggregates) throws -> Void
  ) throws(TallyError)

  /// Runs `body` with the history of changes and the present state they are reverted
  /// from, all in one read (see ``Rewind``).
  func withHistory<Result>(
    _ body: (any HistoryReader) throws -> Result
  ) throws(TallyError) -> Result

  /// The reading with id `id`.
  func reading(_ id: ReadingID) throws(TallyError) -> Reading

  /// Calls `body` with `project`'s readings from `from` (inclusive) to `to` (exclusive),
  /// oldest first, as they are read, `passes` times over (numbered from 0), all in one read: a
  /// listing of a million readings holds one at a time, and a table that measures its columns
  /// in one pass and writes its rows in the next sees the same readings both times.
  func forEachReading(
    of project: ProjectID, from: Timestamp?, to: Timestamp?, passes: Int,
    _ body: (_ pass: Int, Reading) throws -> Void
  ) throws(TallyError)

  /// Calls `body` with every reading and its project's title, by project and time.
  func forEachReadingWithTitle(_ body: (String, Reading) throws -> Void) throws(TallyError)

  /// The readings of `project` that `filter` takes, in time order: what a filtered report
  /// sums (the rollups hold every reading, not the ones a filter picks).
  func matchingReadings(
    of project: ProjectID, _ filter: ReadingFilter, keepingTags: Bool
  ) throws(TallyError) -> MatchingReadings

  /// Whether any of `project`'s readings (any reading, without one) carries a tag: one step
  /// into an index of the tagged readings alone.
  func hasTaggedReadings(of project: ProjectID?) throws(TallyError) -> Bool

  /// The imports, newest first.
  func importBatches() throws(TallyError) -> [ImportBatch]

  /// The latest `limit` changes of the journal, newest first.
  func journal(limit: Int) throws(TallyError) -> [JournalEntry]

  /// The screen the last interactive session left, to resume it.
  func savedScreen() throws(TallyError) -> SavedScreen

  /// Keeps `screen` for the next interactive session.
  func saveScreen(_ screen: SavedScreen) throws(TallyError)

  /// A number that changes whenever another connection commits: a cheap way to tell that
  /// someone else has written.
  func dataVersion() throws(TallyError) -> Int

  /// Takes back what opening this storage made (a new database file and its folders), after
  /// the command that opened it failed: a failed command leaves nothing behind. A storage
  /// that was there before is left as it is.
  func discardIfCreated()
}

/// A project's readings summed over ranges of time, as a report asks for them.
public protocol RangeAggregates {
  /// The times of the first and last readings, if there are any.
  func span() throws -> ClosedRange<Timestamp>?
  /// The time of the first reading at or after `instant`, if any.
  func firstReading(atOrAfter instant: Timestamp) throws -> Timestamp?
  /// Count, sum, min and max of the readings from `start` (inclusive) to `end` (exclusive).
  func aggregate(from start: Timestamp, to end: Timestamp) throws -> RangeFigures
  /// The reading next to `key` in time order (time, then id) on `side`, if there is one: the
  /// last reading before an instant, the first at or after it.
  func reading(_ side: ReadingOrder.Side, of key: ReadingOrder.Key) throws -> Reading?
  /// The readings marked as a meter's reset, in time order.
  func resets() throws -> [Reading]
  /// Whether ``aggregates(_:)`` answers many ranges for about the cost of one (one statement
  /// to a server, rather than one each): a report then asks for all its periods at once.
  var answersManyRangesAtOnce: Bool { get }
  /// Count, sum, min and max of the readings of each range, in the ranges' order: the same
  /// figures as ``aggregate(from:to:)`` gives for each.
  func aggregates(_ ranges: [Range<Timestamp>]) throws -> [RangeFigures]
}

extension RangeAggregates {
  public var answersManyRangesAtOnce: Bool { false }

  public func aggregates(_ ranges: [Range<Timestamp>]) throws -> [RangeFigures] {
    try ranges.map { try aggregate(from: $0.lowerBound, to: $0.upperBound) }
  }
}

/// The figures of the readings in one range of time.
public struct RangeFigures: Equatable, Sendable {
  /// How many readings there are.
  public var count: Int
  /// Their sum; 0 for none.
  public var sum: Double
  /// The smallest, if there is any reading.
  public var min: Double?
  /// The largest, if there is any reading.
  public var max: Double?

  /// Creates figures.
  public init(count: Int, sum: Double, min: Double?, max: Double?) {
    self.count = count
    self.sum = sum
    self.min = min
    self.max = max
  }
}

extension Storage {
  /// Makes nothing when it opens: there is nothing to take back.
  public func discardIfCreated() {}

  /// The stored data without an open project.
  public func snapshot() throws(TallyError) -> Snapshot {
    try snapshot(openProject: nil)
  }

  /// Calls `body` with every reading of `project`, oldest first.
  public func forEachReading(
    of project: ProjectID, _ body: (Reading) throws -> Void
  ) throws(TallyError) {
    try forEachReading(of: project, from: nil, to: nil, body)
  }

  /// Calls `body` with `project`'s readings from `from` (inclusive) to `to` (exclusive),
  /// oldest first, as they are read: a listing of a million readings holds one at a time.
  public func forEachReading(
    of project: ProjectID, from: Timestamp?, to: Timestamp?, _ body: (Reading) throws -> Void
  ) throws(TallyError) {
    try forEachReading(of: project, from: from, to: to, passes: 1) { _, reading in
      try body(reading)
    }
  }
}

/// A storage that hands over everything it holds in one consistent snapshot.
public protocol StorageCopying: Storage {
  /// Reads everything in one snapshot, which stays open while `body` runs: writers elsewhere
  /// go on, and the copy sees none of what they commit meanwhile.
  ///
  /// - Returns: What `body` returns.
  /// - Throws: ``TallyError`` when the storage cannot be read; what `body` throws.
  func withCopy<Result>(_ body: (StoredCopy) throws(TallyError) -> Result) throws(TallyError)
    -> Result
}

/// A storage that takes in a whole copy of another's data, for `tally migrate` and
/// `tally restore`.
public protocol StorageReceiving: Storage {
  /// Writes the copy's projects (with their ids, settings and times), imports, running timers
  /// and readings (with their ids, notes, reset marks and imports) into this storage, which
  /// must hold no projects, in one transaction; then checks, before it commits, that each
  /// project holds the count and sum the copy expects, and that every meter's readings count
  /// up (``ChangeRules/checkCopied(_:in:)``).
  ///
  /// - Throws: ``TallyError`` when the storage already holds projects, a write fails, or a
  ///   project's figures differ; nothing is written then.
  func receive(_ copy: StoredCopy) throws(TallyError)
}

extension RangeFigures {
  /// Whether `other` holds the same count and, but for rounding in a different order of
  /// addition, the same sum.
  public func agrees(with other: RangeFigures) -> Bool {
    count == other.count
      && abs(sum - other.sum) <= 1e-9 * Swift.max(1, abs(sum), abs(other.sum))
  }
}

extension Storage {
  /// ``perform(_:openProject:zone:)`` with the times of its messages in UTC.
  public func perform(_ request: Request, openProject: ProjectID?) throws(TallyError) -> Commit {
    try perform(request, openProject: openProject, zone: TimeZone(identifier: "UTC") ?? .current)
  }
}
