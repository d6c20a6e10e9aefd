import Libpq
public import TallyCore

extension PostgresStorage {
  /// Imports readings: all of them, or (with invalid rows and no `skipInvalid`, or for a dry
  /// run) none.
  ///
  /// One SERIALIZABLE transaction takes the rows in. Into a project that holds no readings
  /// they stream with `COPY` straight into `reading`; otherwise they stream into a temporary
  /// table of the import's connection first, and one statement finds the duplicates (a row is
  /// one when the project held an identical reading before the import that no earlier row
  /// matched) and inserts the rest in time order. A serialization failure runs the
  /// transaction again: a regular file is read again; rows that can be read only once (a
  /// pipe) are staged before the transaction, so that it runs again from the staged rows. A
  /// client killed midway leaves nothing: the staged rows die with its connection, and
  /// nothing else was committed.
  ///
  /// The jobs of a file that holds several projects run one after another in that one
  /// transaction, each staging its own rows (which can be read again), and the journal gets
  /// one entry for them all, so that `undo` takes them out together.
  public func importReadings(
    _ jobs: [ImportJob], at: Timestamp, openProject: ProjectID?
  ) throws(TallyError) -> Commit {
    guard let first = jobs.first else {
      throw TallyError(.invalidInput, "there is nothing to import")
    }
    let operation = "import \(first.fileName)"
    return try withSession(doing: operation) { session throws(TallyError) in
      // Only one project's rows are staged before: a file of several comes from a spool.
      let stagesBefore =
        jobs.count == 1 ? try stagesFirst(first, on: session, doing: operation) : false
      let staged = stagesBefore ? try stage(first, on: session, doing: operation) : nil
      defer { try? session.execute("DROP TABLE IF EXISTS import_row") }
      let done = try transaction(doing: operation, commit: !first.dryRun, on: session) {
        session in
        var outcomes: [ImportOutcome] = []
        var changes: [Change] = []
        for job in jobs {
          let part = try ImportTransaction(
            session: session, storage: self, job: job, at: at, staged: staged
          ).run()
          outcomes.append(part.outcome)
          changes += part.changes
        }
        let recorded = try ImportScript.record(
          outcomes, changes: changes, fileName: first.fileName, at: at,
          in: PostgresWriter(session: session, storage: self, zone: first.zone))
        return (message: recorded.message, outcomes: outcomes, entry: recorded.entry)
      }
      try keepHouse(after: done.entry, on: session)
      // After the commit (or a dry run's rollback): the stored data as it now is.
      return Commit(
        message: done.message,
        snapshot: first.dryRun
          ? try snapshot(on: session.ifOpen, openProject: openProject)
          : try snapshot(after: done.message, on: session, openProject: openProject),
        importOutcomes: done.outcomes)
    }
  }

  /// Whether the rows go into the temporary table once, before the transaction.
  ///
  /// So they do when they can be read only once, and for a project that holds readings or is
  /// a meter (the transaction compares them with the stored ones): a transaction that runs
  /// again does not read them again. Rows for an empty project stream straight into `reading`
  /// inside the transaction; if the project gained readings meanwhile, they are staged there.
  private func stagesFirst(
    _ job: ImportJob, on session: PostgresSession, doing operation: String
  ) throws(TallyError) -> Bool {
    guard job.rows.canBeReadAgain else { return true }
    return try read(doing: operation, on: session) { session in
      let facts = PostgresFacts(session)
      let stored: ProjectSummary?
      var kind: ProjectKind?
      switch job.target {
      case .project(let id):
        stored = try facts.summary(id)
      case .create(let new):
        stored = try facts.project(titled: new.title).flatMap { try facts.summary($0.id) }
        kind = new.kind
      }
      // A project that is not there is created empty (or not found, which the transaction says).
      return stored.map { $0.readingCount > 0 || $0.project.kind == .meter } ?? (kind == .meter)
    }
  }

  /// Streams the job's rows into the temporary table `import_row`, before the transaction.
  func stage(
    _ job: ImportJob, on session: PostgresSession, doing operation: String
  ) throws(TallyError) -> ImportTransaction.StagedRows {
    do {
      return try stageRows(job, on: session)
    } catch {
      throw PostgresFailure.describe(error, doing: operation, address: address)
    }
  }

  /// Streams the job's rows into the temporary table `import_row`, throwing the server's own
  /// error: inside the transaction, a serialization failure there runs it again as any other.
  func stageRows(
    _ job: ImportJob, on session: PostgresSession
  ) throws -> ImportTransaction.StagedRows {
    try session.execute(
      """
      CREATE TEMPORARY TABLE IF NOT EXISTS import_row (
        line BIGINT NOT NULL,
        amount DOUBLE PRECISION NOT NULL,
        timestamp BIGINT NOT NULL,
        note TEXT,
        is_reset BOOLEAN NOT NULL,
        tags TEXT
      )
      """)
    try session.execute("TRUNCATE import_row")
    let sink = try CopySink(.staging, on: session, keepsAllProblems: job.skipInvalid)
    return ImportTransaction.StagedRows(sink: sink, sha256: try sink.copy(job.rows))
  }
}
