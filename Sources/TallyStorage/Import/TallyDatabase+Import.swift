import GRDB
public import TallyCore

extension TallyDatabase {
  /// Imports readings in one transaction: all of them, or (with invalid rows and no
  /// `skipInvalid`, or for a dry run) none.
  ///
  /// Each job's project is read (or created) in the transaction and its rows go into it, one
  /// job after another: a whole export brings back each of its projects as an import batch of
  /// its own, and one entry of the journal, so that `undo` takes them all out together. When
  /// the files hold at least as many rows as all the stored readings and every project is
  /// empty, the (project, timestamp) index is dropped for the import and built again after
  /// it, in the same transaction: building it once from sorted entries is cheaper than a
  /// million inserts into it, unless the table is much larger than the import. Into a project
  /// that holds readings, the index stays: each row's duplicate check looks it up there.
  ///
  /// - Parameters:
  ///   - jobs: The targets, the options and the rows, at least one; all dry runs or none.
  ///   - at: When the import runs.
  ///   - openProject: The project on screen, for the snapshot.
  /// - Returns: What was imported, the message, and the stored data after it.
  /// - Throws: ``TallyError`` for invalid rows without `skipInvalid` (naming the first, and
  ///   how many more there are), an unknown project, a storage failure, or what the rows throw.
  func importReadings(
    _ jobs: [ImportJob], at: Timestamp, openProject: ProjectID?
  ) throws(TallyError) -> Commit {
    guard let first = jobs.first else {
      throw TallyError(.invalidInput, "there is nothing to import")
    }
    // SQLite's foreign key check on each of a million rows would only repeat the project's.
    return try write(
      doing: "import \(first.fileName)", commit: !first.dryRun, checksForeignKeys: false
    ) { db in
      // A dry run's rows are written and rolled back: the state it passes on is the one before.
      let before = first.dryRun ? try db.snapshot(openProject: openProject) : nil
      var parts: [ImportPart] = []
      var changes: [Change] = []
      for job in jobs {
        let facts = SQLiteFacts(db: db, zone: job.zone)
        let (project, creation) = try ChangePlan.importProject(job.target, at: at, in: facts)
        if let creation {
          try WriteScript.apply(creation, to: SQLiteTables(db, zone: job.zone))
          changes.append(creation)
        }
        parts.append(ImportPart(job: job, project: project, creation: creation))
      }
      var isEmpty: [ProjectID: Bool] = [:]
      for part in parts where isEmpty[part.project.id] == nil {
        isEmpty[part.project.id] =
          try SQLiteFacts(db: db, zone: first.zone).readingCount(of: part.project.id) == 0
      }
      // Without the index, every duplicate check would scan the table: only an import into
      // projects that hold nothing to compare with may drop it.
      let rebuildsIndex =
        try !first.dryRun && isEmpty.values.allSatisfy { $0 }
        && Set(parts.map(\.project.id)).count == parts.count
        && db.isBulk(jobs.reduce(0) { $0 + $1.expectedRows })
      // The batch rows are written last, and only for a part that changes something; its
      // readings carry its id meanwhile.
      let firstBatchID = try db.nextID(of: .importBatch)
      try db.withReadingIndex(suspended: rebuildsIndex) {
        for index in parts.indices {
          parts[index].batchID = ImportBatchID(rawValue: firstBatchID + Int64(index))
          parts[index].firstReadingID = try db.nextID(of: .reading)
          // A project that an earlier part of this import filled is compared with its rows.
          let projectIsEmpty =
            try SQLiteFacts(db: db, zone: first.zone).readingCount(of: parts[index].project.id) == 0
          let sink = try ImportSink(
            db: db, projectID: parts[index].project.id, batchID: parts[index].batchID,
            projectIsEmpty: projectIsEmpty, keepsAllProblems: parts[index].job.skipInvalid,
            isMeter: parts[index].project.kind == .meter)
          parts[index].sha256 = try parts[index].job.rows.feed(sink)
          try sink.finish()
          parts[index].sink = sink
          // The counters of an earlier part's project count its rows for the next part.
          if sink.imported > 0 {
            var counters = CounterChanges()
            counters.added(sink.imported, toRecount: parts[index].project.id)
            try SQLiteTables(db).updateCounters(counters)
          }
        }
      }
      var outcomes: [ImportOutcome] = []
      for part in parts {
        guard let sink = part.sink else { continue }
        outcomes.append(
          try finish(part, sink, at: at, in: db, recording: &changes, dryRun: first.dryRun))
      }
      let message = ImportOutcome.message(outcomes, fileName: first.fileName)
      if !changes.isEmpty {
        try db.record(.batch(changes), description: message, at: at)
      }
      return Commit(
        message: message, snapshot: try before ?? db.snapshot(openProject: openProject),
        importOutcomes: outcomes)
    }
  }

  /// Checks one part of an import once its rows are in, records its batch and touches its
  /// project.
  private func finish(
    _ part: ImportPart, _ sink: ImportSink, at: Timestamp, in db: Database,
    recording changes: inout [Change], dryRun: Bool
  ) throws -> ImportOutcome {
    let job = part.job
    let project = part.project
    let facts = SQLiteFacts(db: db, zone: job.zone)
    if !dryRun { try db.refreshRollups(sink.stale) }
    if let error = job.invalidRowsError(sink.invalid) {
      throw error
    }
    try ChangePlan.checkRepeat(
      of: job, into: project, sha256: part.sha256, adding: sink.imported, in: facts)
    if project.kind == .meter, sink.imported > 0, let fall = try db.firstFall(of: project.id) {
      throw MeterRule.importError(fall, in: project, zone: job.zone) { reading in
        let index = reading.id.rawValue - part.firstReadingID
        guard let lines = sink.insertedLines, index >= 0, index < lines.count else { return nil }
        return Int(lines[Int(index)])
      }
    }
    // An import that adds nothing (every row already stored) changes nothing: it is not
    // recorded as a batch, and `tally undo` passes it by.
    var batch: ImportBatch?
    if sink.imported > 0 || part.creation != nil {
      let recorded = ImportBatch(
        id: part.batchID, projectID: project.id, fileName: job.fileName, sha256: part.sha256,
        at: at, imported: sink.imported, duplicates: sink.duplicates,
        skipped: sink.invalid.count,
        readingIDs: sink.imported > 0
          ? part.firstReadingID...(part.firstReadingID + Int64(sink.imported) - 1) : nil,
        settings: job.settings)
      try ImportBatchRecord(recorded).insert(db)
      batch = recorded
      changes.append(.restoreImport(recorded))
      if sink.imported > 0 {
        let touch = ChangePlan.touch(try facts.project(project.id), at: at)
        try WriteScript.apply(touch, to: SQLiteTables(db, zone: job.zone))
        changes.append(touch)
      }
    }
    return ImportOutcome(
      batch: dryRun ? nil : batch, projectTitle: project.title, imported: sink.imported,
      duplicates: sink.duplicates, firstDuplicates: sink.firstDuplicates,
      invalidCount: sink.invalid.count, problems: sink.invalid.problems, dryRun: dryRun)
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

/// One project's share of an import, as it goes through the transaction.
private struct ImportPart {
  let job: ImportJob
  let project: Project
  /// The project's creation, when the import made it.
  let creation: Change?
  var batchID = ImportBatchID(rawValue: 0)
  var firstReadingID: Int64 = 0
  var sha256 = ""
  /// The sink the rows went into, once they have.
  var sink: ImportSink?
}
