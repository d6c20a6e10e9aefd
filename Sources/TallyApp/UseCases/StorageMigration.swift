public import TallyCore

/// `tally migrate` and `tally restore` onto a server: copies every project, import, reading and
/// running timer from one storage into an empty one, all or nothing, checked by each project's
/// count and sum before it commits.
///
/// The source is read in one snapshot, so others may go on writing to it meanwhile. Ids,
/// notes, reset marks, goals, times and the list of imports come along; the journal (undo
/// history) and saved screens do not: the copy starts a history of its own.
public enum StorageMigration {
  /// What a migration copied.
  public struct Summary: Equatable, Sendable {
    /// How many projects.
    public var projects: Int
    /// How many readings.
    public var readings: Int
    /// How many running timers.
    public var timers: Int
    /// How many imports.
    public var imports: Int
  }

  /// Copies `source` into `target`.
  ///
  /// - Throws: ``TallyError`` when the source holds no projects, the target holds projects, a
  ///   write fails, or the figures differ; the target is then unchanged.
  public static func copy(
    from source: any StorageCopying, to target: any StorageReceiving
  ) throws(TallyError) -> Summary {
    try source.withCopy { copy throws(TallyError) in
      guard !copy.projects.isEmpty else {
        throw TallyError(
          .notFound, "the source database holds no projects; nothing was copied",
          hint: "Check --db or TALLY_DB (with --to) or the URL of --from.")
      }
      try target.receive(copy)
      return Summary(
        projects: copy.projects.count, readings: copy.readingCount, timers: copy.timers.count,
        imports: copy.batches.count)
    }
  }
}
