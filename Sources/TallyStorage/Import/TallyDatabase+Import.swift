import GRDB
public import TallyCore

extension TallyDatabase {
  /// Imports readings in one transaction: all of them, or (with invalid rows and no
  /// `skipInvalid`, or for a dry run) none.
  ///
  /// The project is read (or created) in the transaction and every row goes into it. When the
  /// file holds at least as many rows as all the stored readings and the project is empty, the
  /// (project, timestamp) index is dropped for the import and built again after it, in the
  /// same transaction: building it once from sorted entries is cheaper than a million inserts
  /// into it, unless the table is much larger than the import. Into a project that holds
  /// readings, the index stays: each row's duplicate check looks it up there.
  ///
  /// - Parameters:
  ///   - job: The target, the options and the rows.
  ///   - at: When the import runs.
  ///   - openProject: The project on screen, for the snapshot.
  /// - Returns: What was imported, the message, and the stored data after it.
  /// - Throws: ``TallyError`` for invalid rows without `skipInvalid` (naming the first, and
  ///   how many more there are), an unknown project, a storage failure, or what the rows throw.
  func importReadings(
    _ job: ImportJob, at: Timestamp, openProject: ProjectID?
  ) throws(TallyError) -> Commit {
    // SQLite's foreign key check on each of a million rows would only repeat the project's.
    try write(doing: "import \(job.fileName)", commit: !job.dryRun, checksForeignKeys: false) {
      db in
      // A dry run's rows are written and rolled back: the state it passes on is the one before.
      let before = job.dryRun ? try db.snapshot(openProject: openProject) : nil
      var changes: [Change] = []
      let facts = SQLiteFacts(db: db, zone: job.zone)
      let (project, creation) = try ChangePlan.importProject(job.target, at: at, in: facts)
      if let creation {
        try db.applyKeepingCounters(creation)
        changes.append(creation)
      }
      let projectIsEmpty = try facts.readingCount(of: project.id) == 0
      // The batch row is written last, and only if the import changes something; its readings
      // carry its id meanwhile.
      let batchID = ImportBatchID(rawValue: try db.nextID(of: .importBatch))
      // Without the index, every duplicate check would scan the table: only an import into a
      // project that holds nothing to compare with may drop it.
      let rebuildsIndex = try !job.dryRun && projectIsEmpty && db.isBulk(job.expectedRows)
      let firstReadingID = try db.nextID(of: .reading)
      let sink = try ImportSink(
        db: db, projectID: project.id, batchID: batchID, projectIsEmpty: projectIsEmpty,
        keepsAllProblems: job.skipInvalid, isMeter: project.kind == .meter)
      var sha256 = ""
      try db.withReadingIndex(suspended: rebuildsIndex) {
        sha256 = try job.rows.feed(sink)
        try sink.finish()
      }
      if !job.dryRun { try db.refreshRollups(sink.stale) }
      if let error = job.invalidRowsError(sink.invalid) {
        throw error
      }
      try ChangePlan.checkRepeat(
        of: job, into: project, sha256: sha256, adding: sink.imported, in: facts)
      if project.kind == .meter, sink.imported > 0, let fall = try db.firstFall(of: project.id) {
        throw MeterRule.importError(fall, in: project, zone: job.zone) { reading in
          let index = reading.id.rawValue - firstReadingID
          guard let lines = sink.insertedLines, index >= 0, index < lines.count else { return nil }
          return Int(lines[Int(index)])
        }
      }
      // An import that adds nothing (every row already stored) changes nothing: it is not
      // recorded as a batch, and `tally undo` passes it by.
      var batch: ImportBatch?
      if sink.imported > 0 || !changes.isEmpty {
        let recorded = ImportBatch(
          id: batchID, projectID: project.id, fileName: job.fileName, sha256: sha256, at: at,
          imported: sink.imported, duplicates: sink.duplicates, skipped: sink.invalid.count,
          readingIDs: sink.imported > 0
            ? firstReadingID...(firstReadingID + Int64(sink.imported) - 1) : nil,
          settings: job.settings)
        try ImportBatchRecord(recorded).insert(db)
        batch = recorded
      }
      let outcome = ImportOutcome(
        batch: job.dryRun ? nil : batch, projectTitle: project.title, imported: sink.imported,
        duplicates: sink.duplicates, firstDuplicates: sink.firstDuplicates,
        invalidCount: sink.invalid.count, problems: sink.invalid.problems, dryRun: job.dryRun)
      let message = outcome.message(fileName: job.fileName)
      if let batch {
        changes.append(.restoreImport(batch))
        if sink.imported > 0 {
          let touch = ChangePlan.touch(try facts.project(project.id), at: at)
          try db.applyKeepingCounters(touch)
          changes.append(touch)
        }
        try db.record(.batch(changes), description: message, at: at)
        // The rows went in through the sink, not through a change: count them here.
        try db.updateCounters(of: [project.id], adding: [project.id: sink.imported])
      }
      return Commit(
        message: message, snapshot: try before ?? db.snapshot(openProject: openProject),
        importOutcome: outcome)
    }
  }

  /// The imports, newest first.
  public func importBatches() throws(TallyError) -> [ImportBatch] {
    try read(doing: "read the imports") { db in
      try ImportBatchRecord.order(ImportBatchRecord.Columns.id.desc).fetchAll(db).map {
        try $0.batch
      }
    }
  }
}
