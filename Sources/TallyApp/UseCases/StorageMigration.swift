public import TallyCore

/// `tally migrate`: copies every project, reading and running timer from one storage into an
/// empty one, all or nothing, checked by each project's count and sum before it commits.
///
/// Ids, notes, reset marks, goals and times come along; the journal (undo history), the
/// import batches and saved screens do not: the copy starts a history of its own.
public enum StorageMigration {
  /// What a migration copied.
  public struct Summary: Equatable, Sendable {
    /// How many projects.
    public var projects: Int
    /// How many readings.
    public var readings: Int
    /// How many running timers.
    public var timers: Int
  }

  /// Copies `source` into `target`.
  ///
  /// - Throws: ``TallyError`` when the target holds projects, a write fails, or the figures
  ///   differ (someone wrote to the source meanwhile, say); the target is then unchanged.
  public static func copy(
    from source: any Storage, to target: any StorageReceiving
  ) throws(TallyError) -> Summary {
    let snapshot = try source.snapshot()
    let projects = snapshot.projects.map(\.project)
    guard !projects.isEmpty else {
      throw TallyError(
        .notFound, "the source database holds no projects; nothing was copied",
        hint: "Check --db or TALLY_DB (with --to) or the URL of --from.")
    }
    var expected: [ProjectID: RangeFigures] = [:]
    for project in projects {
      expected[project.id] = try source.withAggregates(of: project.id) { figures in
        guard let span = try figures.span() else {
          return RangeFigures(count: 0, sum: 0, min: nil, max: nil)
        }
        let end = Timestamp(microsecondsSince1970: span.upperBound.microsecondsSince1970 + 1)
        return try figures.aggregate(from: span.lowerBound, to: end)
      }
    }
    // The target may run this more than once (a transaction tried again): the readings are
    // read anew each time, and their number is the one the check confirmed.
    try target.receive(projects: projects, timers: snapshot.timers, expected: expected) { add in
      for project in projects {
        try source.forEachReading(of: project.id, add)
      }
    }
    return Summary(
      projects: projects.count, readings: expected.values.reduce(0) { $0 + $1.count },
      timers: snapshot.timers.count)
  }
}
