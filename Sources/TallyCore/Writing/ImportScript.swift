/// The steps of an import that every backend shares, around the loading of the rows (which
/// is each backend's own: row by row into SQLite, `COPY` or one `INSERT … SELECT` on a
/// server): the project found or made, the rows counted in, the rules that a file's rows must
/// keep (no repeat of an imported file, no falling meter), the batch recorded, the project
/// touched, and one journal entry for a whole file.
///
/// Each runs in the backend's open transaction; any error rolls it all back.
public enum ImportScript {
  /// What one project's share of an import put into the readings.
  public struct Loaded: Sendable {
    /// How many readings were added.
    public var imported = 0
    /// How many rows were already stored, and were not added again.
    public var duplicates = 0
    /// The first few of them, for a dry run's report.
    public var firstDuplicates: [ImportedReading] = []
    /// The rows that could not be read.
    public var invalid: InvalidRows
    /// The fingerprint of the file's rows.
    public var sha256: String
    /// A range that holds the ids of the readings added (and perhaps others').
    public var readingIDs: ClosedRange<Int64>?
    /// The newest time added, when the loading knows it; else the project's latest reading
    /// time is read again.
    public var latest: Int64?

    /// Nothing loaded yet.
    public init(invalid: InvalidRows, sha256: String) {
      self.invalid = invalid
      self.sha256 = sha256
    }
  }

  /// Finds or makes the project that `job`'s rows go into, and checks that the person may
  /// write there.
  ///
  /// - Returns: The project, and its creation when the import made it.
  public static func project<Tables: ChangeTables>(
    for job: ImportJob, at: Timestamp, in tables: Tables
  ) throws -> (Project, creation: Change?) {
    let (project, creation) = try ChangePlan.importProject(job.target, at: at, in: tables.facts)
    if let creation {
      try WriteScript.apply(creation, to: tables)
    }
    try tables.requireAccess([project.id: .write])
    return (project, creation)
  }

  /// Counts the rows loaded into `project` in its counters: at once, so that a later part of
  /// the same file into the same project finds them.
  public static func count<Tables: ChangeTables>(
    _ loaded: Loaded, into project: ProjectID, in tables: Tables
  ) throws {
    guard loaded.imported > 0 else { return }
    var counters = CounterChanges()
    if let latest = loaded.latest {
      counters.added(loaded.imported, to: project, latest: latest)
    } else {
      counters.added(loaded.imported, toRecount: project)
    }
    try tables.updateCounters(counters)
  }

  /// Checks one part of an import once its rows are in and its rollups kept, records its
  /// batch and touches its project.
  ///
  /// - Parameters:
  ///   - job: The part's rows and options.
  ///   - project: The project they went into.
  ///   - creation: The project's creation, when the import made it.
  ///   - batchID: The id the part's batch gets; its readings carry it.
  ///   - loaded: What the rows put into the readings.
  ///   - at: When the import runs.
  ///   - tables: The backend's tables, in the import's transaction.
  ///   - line: The file line of a reading this part added, for a meter's message (`nil` for
  ///     a reading stored before).
  /// - Returns: What the part did, and the changes for the journal.
  /// - Throws: ``TallyError`` for invalid rows the job does not skip, a repeated file, or a
  ///   meter that falls.
  public static func finish<Tables: ImportTables>(
    _ job: ImportJob, into project: Project, creation: Change?, batch batchID: ImportBatchID,
    loaded: Loaded, at: Timestamp, in tables: Tables, line: (Reading) throws -> Int?
  ) throws -> (outcome: ImportOutcome, changes: [Change]) {
    if let error = job.invalidRowsError(loaded.invalid) {
      throw error
    }
    let facts = tables.facts
    try ChangePlan.checkRepeat(
      of: job, into: project, sha256: loaded.sha256, adding: loaded.imported, in: facts)
    if project.kind == .meter, loaded.imported > 0, let fall = try facts.firstFall(of: project.id) {
      var lines: [ReadingID: Int] = [:]
      for reading in [fall.previous, fall.reading] where reading.batchID == batchID {
        lines[reading.id] = try line(reading)
      }
      throw MeterRule.importError(fall, in: project, zone: job.zone) { lines[$0.id] }
    }
    var changes = creation.map { [$0] } ?? []
    // An import that adds nothing (every row already stored) changes nothing: it is not
    // recorded as a batch, and `tally undo` passes it by.
    var batch: ImportBatch?
    if loaded.imported > 0 || creation != nil {
      let recorded = ImportBatch(
        id: batchID, projectID: project.id, fileName: job.fileName, sha256: loaded.sha256, at: at,
        imported: loaded.imported, duplicates: loaded.duplicates,
        skipped: loaded.invalid.count, readingIDs: loaded.readingIDs, settings: job.settings)
      try tables.insertBatch(recorded)
      batch = recorded
      changes.append(.restoreImport(recorded))
      // A project this import made was made at `at`: touching it would change nothing, and
      // a journal that updates a project the same change inserts is one a server refuses.
      if loaded.imported > 0, creation == nil {
        let touch = ChangePlan.touch(try facts.project(project.id), at: at)
        try WriteScript.apply(touch, to: tables)
        changes.append(touch)
      }
    }
    let outcome = ImportOutcome(
      batch: job.dryRun ? nil : batch, projectTitle: project.title, imported: loaded.imported,
      duplicates: loaded.duplicates, firstDuplicates: loaded.firstDuplicates,
      invalidCount: loaded.invalid.count, problems: loaded.invalid.problems, dryRun: job.dryRun)
    return (outcome, changes)
  }

  /// Journals a whole file's changes as one entry, so that `undo` takes all its projects out
  /// together.
  ///
  /// - Returns: The message, and the journal entry, if the import changed anything.
  public static func record<Tables: ChangeTables>(
    _ outcomes: [ImportOutcome], changes: [Change], fileName: String, at: Timestamp,
    in tables: Tables
  ) throws -> WriteScript.Done {
    let message = ImportOutcome.message(outcomes, fileName: fileName)
    guard !changes.isEmpty else { return WriteScript.Done(message: message) }
    return WriteScript.Done(
      message: message,
      entry: try tables.record(.batch(changes), description: message, at: at))
  }
}

/// A backend's tables as an import writes them, besides the steps of any change.
public protocol ImportTables: ChangeTables {
  /// Records an import's batch.
  func insertBatch(_ batch: ImportBatch) throws
}
