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
  public func importReadings(
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
      for job in jobs {
        let (project, creation) = try ImportScript.project(
          for: job, at: at, in: SQLiteTables(db, zone: job.zone))
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
          try ImportScript.count(
            parts[index].loaded, into: parts[index].project.id, in: SQLiteTables(db))
        }
      }
      var outcomes: [ImportOutcome] = []
      var changes: [Change] = []
      for part in parts {
        guard let sink = part.sink else { continue }
        if !first.dryRun { try db.refreshRollups(sink.stale) }
        let (outcome, partChanges) = try ImportScript.finish(
          part.job, into: part.project, creation: part.creation, batch: part.batchID,
          loaded: part.loaded, at: at, in: SQLiteTables(db, zone: part.job.zone)
        ) { reading in
          let index = reading.id.rawValue - part.firstReadingID
          guard let lines = sink.insertedLines, index >= 0, index < lines.count else { return nil }
          return Int(lines[Int(index)])
        }
        outcomes.append(outcome)
        changes += partChanges
      }
      let done = try ImportScript.record(
        outcomes, changes: changes, fileName: first.fileName, at: at, in: SQLiteTables(db))
      return Commit(
        message: done.message, snapshot: try before ?? db.snapshot(openProject: openProject),
        importOutcomes: outcomes)
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

  /// What the rows put into the readings, as the shared script reads it.
  var loaded: ImportScript.Loaded {
    var loaded = ImportScript.Loaded(
      invalid: sink?.invalid ?? InvalidRows(keepsAll: job.skipInvalid), sha256: sha256)
    guard let sink else { return loaded }
    loaded.imported = sink.imported
    loaded.duplicates = sink.duplicates
    loaded.firstDuplicates = sink.firstDuplicates
    loaded.readingIDs =
      sink.imported > 0 ? firstReadingID...(firstReadingID + Int64(sink.imported) - 1) : nil
    return loaded
  }
}
