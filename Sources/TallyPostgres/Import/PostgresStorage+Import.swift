import PostgresNIO
import TallyCore

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
  func importReadings(
    _ job: ImportJob, at: Timestamp, openProject: ProjectID?
  ) throws(TallyError) -> Commit {
    let operation = "import \(job.fileName)"
    return try withSession(doing: operation) { session throws(TallyError) in
      let staged =
        try stagesFirst(job, on: session, doing: operation)
        ? try stage(job, on: session, doing: operation) : nil
      defer { try? session.execute("DROP TABLE IF EXISTS import_row") }
      let done = try transaction(doing: operation, commit: !job.dryRun, on: session) { session in
        try ImportTransaction(
          session: session, storage: self, job: job, at: at, staged: staged
        ).run()
      }
      try keepHouse(after: done.entry, on: session)
      // After the commit (or a dry run's rollback): the stored data as it now is.
      return Commit(
        message: done.message,
        snapshot: job.dryRun
          ? try snapshot(on: session.ifOpen, openProject: openProject)
          : try snapshot(after: done.message, on: session, openProject: openProject),
        importOutcome: done.outcome)
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
    let sink = CopySink(.staging, on: session, keepsAllProblems: job.skipInvalid)
    return ImportTransaction.StagedRows(sink: sink, sha256: try sink.copy(job.rows))
  }
}
