import GRDB
public import TallyCore

/// Where an import's readings go.
public enum ImportTarget: Sendable {
  /// An existing project.
  case project(ProjectID)
  /// A project created by the import, in the same transaction, unless one has the title.
  case create(NewProject)
}

/// What an import did (or, for a dry run, would do).
public struct ImportOutcome: Sendable {
  /// The batch recorded, `nil` for a dry run or an import that added nothing.
  public var batch: ImportBatch?
  /// The project the readings went into.
  public var projectTitle: String
  /// How many readings were added.
  public var imported: Int
  /// How many rows were already stored.
  public var duplicates: Int
  /// The first few duplicate rows.
  public var firstDuplicates: [ImportedReading]
  /// How many rows were invalid.
  public var invalidCount: Int
  /// The invalid rows: all of them with skipping, else the first few.
  public var problems: [RowProblem]
  /// The stored data after the import, to commit to the state.
  public var snapshot: Snapshot
  /// What was done, for people.
  public var message: String
}

extension TallyDatabase {
  /// Imports readings in one transaction: all of them, or (with invalid rows and no
  /// `skipInvalid`, or for a dry run) none.
  ///
  /// - Parameters:
  ///   - target: The project, or the one to create.
  ///   - fileName: The file's name, for the batch.
  ///   - at: When the import runs.
  ///   - skipInvalid: Import the valid rows even if some are invalid.
  ///   - dryRun: Count what would happen, then write nothing.
  ///   - openProject: The project on screen, for the snapshot.
  ///   - expectedRows: About how many rows the file holds (0 if unknown). When that is at least
  ///     as many as all the stored readings and the project is empty, the (project, timestamp)
  ///     index is dropped for the import and built again after it, in the same transaction:
  ///     building it once from sorted entries is cheaper than a million inserts into it, unless
  ///     the table is much larger than the import. Into a project that holds readings, the
  ///     index stays: each row's duplicate check looks it up there.
  ///   - rows: Reads the file into the sink and returns the SHA-256 of its content.
  /// - Returns: What was imported.
  /// - Throws: ``TallyError`` for invalid rows without `skipInvalid` (naming the first, and
  ///   how many more there are), an unknown project, a storage failure, or what `rows` throws.
  public func importReadings(
    into target: ImportTarget, fileName: String, at: Timestamp, skipInvalid: Bool,
    dryRun: Bool, openProject: ProjectID?, expectedRows: Int = 0,
    rows: (ImportSink) throws -> String
  ) throws(TallyError) -> ImportOutcome {
    // The project is read (or created) in the transaction and every row goes into it: SQLite's
    // foreign key check on each of a million rows would only repeat that.
    try write(doing: "import \(fileName)", commit: !dryRun, checksForeignKeys: false) { db in
      var changes: [Change] = []
      let project: Project
      switch target {
      case .project(let id):
        project = try db.projectRecord(id).project()
      case .create(let new):
        if let existing = try db.project(titled: new.title) {
          project = existing
        } else {
          project = Project(
            id: ProjectID(rawValue: try db.nextID(of: "project")), title: new.title,
            units: new.units, frequency: new.frequency, createdAt: at, updatedAt: at)
          let change = Change.insertProject(project)
          try db.applyKeepingCounters(change)
          changes.append(change)
        }
      }
      let projectIsEmpty = try db.projectRecord(project.id).readingCount == 0
      var batch = ImportBatch(
        id: ImportBatchID(rawValue: try db.nextID(of: "import_batch")), projectID: project.id,
        fileName: fileName, sha256: "", at: at, imported: 0, duplicates: 0, skipped: 0)
      try ImportBatchRecord(batch).insert(db)

      // Without the index, every duplicate check would scan the table: only an import into a
      // project that holds nothing to compare with may drop it.
      let rebuildsIndex = try !dryRun && projectIsEmpty && db.isBulk(expectedRows)
      let firstReadingID = try db.nextID(of: "reading")
      let sink = try ImportSink(
        db: db, projectID: project.id, batchID: batch.id, projectIsEmpty: projectIsEmpty,
        keepsAllProblems: skipInvalid)
      try db.withReadingIndex(suspended: rebuildsIndex) {
        batch.sha256 = try rows(sink)
        try sink.finish()
      }
      if sink.invalidCount > 0, !skipInvalid, !dryRun, let first = sink.problems.first {
        let more = sink.invalidCount - 1
        throw TallyError(
          .invalidInput,
          "\(fileName), \(first)"
            + (more > 0 ? " (and \(more) more invalid row\(more == 1 ? "" : "s"))" : ""),
          hint:
            "Nothing was imported. Fix the file, or add --skip-invalid to import the valid rows.")
      }
      batch.imported = sink.imported
      batch.duplicates = sink.duplicates
      batch.skipped = sink.invalidCount
      // An import that adds nothing (every row already stored) changes nothing: it is not
      // recorded as a batch, and `tally undo` passes it by.
      let changesNothing = sink.imported == 0 && changes.isEmpty
      var message =
        "Imported \(sink.imported) reading(s) from \(fileName) into \(project.title)"
      if changesNothing {
        try ImportBatchRecord(batch).delete(db)
        message += ": \(sink.duplicates) already stored, \(sink.invalidCount) invalid skipped"
        message += "; nothing changed, so no import was recorded"
      } else {
        if sink.imported > 0 {
          batch.readingIDs = firstReadingID...(firstReadingID + Int64(sink.imported) - 1)
        }
        try ImportBatchRecord(batch).update(db)
        changes.append(.restoreImport(batch))
        if sink.imported > 0 {
          let touch = ChangePlan.touch(try db.projectRecord(project.id).project(), at: at)
          try db.applyKeepingCounters(touch)
          changes.append(touch)
        }
        message += " (import \(batch.id))"
        message += ": \(sink.duplicates) already stored, \(sink.invalidCount) invalid skipped"
        try db.record(.batch(changes), description: message, at: at)
        // The rows went in through the sink, not through a change: count them here.
        try db.updateCounters(of: [project.id], adding: [project.id: sink.imported])
      }
      return ImportOutcome(
        batch: dryRun || changesNothing ? nil : batch, projectTitle: project.title,
        imported: sink.imported,
        duplicates: sink.duplicates, firstDuplicates: sink.firstDuplicates,
        invalidCount: sink.invalidCount, problems: sink.problems,
        snapshot: try db.snapshot(openProject: openProject), message: message)
    }
  }

  /// The imports, newest first.
  public func importBatches() throws(TallyError) -> [ImportBatch] {
    try read(doing: "read the imports") { db in
      try ImportBatchRecord.order(ImportBatchRecord.Columns.id.desc).fetchAll(db).map(\.batch)
    }
  }
}
