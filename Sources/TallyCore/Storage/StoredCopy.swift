/// Everything a storage holds, read in one consistent snapshot, for a copy into another
/// storage: `tally migrate`, `tally backup` from a server, `tally restore` onto one.
///
/// Readings stream: ``forEachReading`` hands them over one at a time, and may be called again
/// (a target whose transaction runs again reads them anew, from the same snapshot).
public struct StoredCopy {
  /// Every project, with its id, settings, goal history and times.
  public var projects: [Project]
  /// The running timers.
  public var timers: [RunningTimer]
  /// The imports, undone ones included; the readings keep the id of the import they came from.
  public var batches: [ImportBatch]
  /// Each project's count and sum, which the copy must hold before it commits.
  public var expected: [ProjectID: RangeFigures]
  /// Calls its argument with every reading, with its id, note, reset mark and import.
  public var forEachReading: (_ add: (Reading) throws -> Void) throws -> Void

  /// Creates a copy.
  public init(
    projects: [Project], timers: [RunningTimer], batches: [ImportBatch],
    expected: [ProjectID: RangeFigures],
    forEachReading: @escaping (_ add: (Reading) throws -> Void) throws -> Void
  ) {
    self.projects = projects
    self.timers = timers
    self.batches = batches
    self.expected = expected
    self.forEachReading = forEachReading
  }

  /// How many readings the copy holds.
  public var readingCount: Int { expected.values.reduce(0) { $0 + $1.count } }
}
