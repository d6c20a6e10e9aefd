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

extension StorageMigration {
  /// `tally migrate`: copies the storage `source` names into the one `target` names, and
  /// says what it copied through `messages`.
  ///
  /// A target made for the copy is taken back when the copy fails.
  ///
  /// - Throws: ``TallyError`` when either cannot be opened or cannot take part, or the copy
  ///   fails (see ``copy(from:to:)``).
  public static func migrate(
    from source: SessionOptions, to target: SessionOptions, messages: MessageSink
  ) throws(TallyError) {
    let receiving = try target.open().receiving
    let copying: any StorageCopying
    do throws(TallyError) {
      copying = try source.open().copying
    } catch {
      receiving.discardIfCreated()
      throw error
    }
    let summary: Summary
    do {
      summary = try copy(from: copying, to: receiving)
    } catch {
      receiving.discardIfCreated()
      throw error
    }
    messages.status(summary.message)
  }
}

extension StorageMigration.Summary {
  /// What was copied, for people.
  public var message: String {
    func count(_ number: Int, _ noun: String) -> String {
      "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
    return "Copied \(count(projects, "project")), \(count(readings, "reading")), "
      + "\(count(imports, "import")) and \(count(timers, "running timer")); each project's "
      + "count and sum checked"
  }
}
