import Libpq
public import TallyCore

extension PostgresStorage: StorageReceiving {
  public func receive(_ copy: StoredCopy) throws(TallyError) {
    let projects = copy.projects
    try transaction(doing: "copy the data in") { session in
      // The copy keeps its ids: the server claims them for it (its sequences move past them)
      // only while the database has never held a project, whoever's.
      let lastProject = projects.map(\.id.rawValue).max() ?? 1
      let lastBatch = copy.batches.map(\.id.rawValue).max() ?? 1
      try claimIDs(project: lastProject, batch: lastBatch, reading: 1, on: session)
      let writer = PostgresWriter(session: session, storage: self)
      for project in projects {
        try WriteScript.apply(.insertProject(project), to: writer)
      }
      for batch in copy.batches {
        try session.rows(
          """
          INSERT INTO import_batch (id, project_id, file_name, sha256, at, imported, duplicates,
            skipped, first_reading_id, last_reading_id, undone, settings)
          VALUES (\(batch.id.rawValue), \(batch.projectID.rawValue), \(batch.fileName),
            \(batch.sha256), \(batch.at.microsecondsSince1970), \(Int64(batch.imported)),
            \(Int64(batch.duplicates)), \(Int64(batch.skipped)),
            \(batch.readingIDs?.lowerBound), \(batch.readingIDs?.upperBound), \(batch.isUndone),
            \(try batch.settings?.storedJSON))
          """)
      }
      // The readings stream in with COPY, ids and all: straight into the readings for a role
      // that sees past row-level security, else through a table of the connection's own and
      // one INSERT that the policies check (PostgreSQL refuses COPY into a table they bind).
      let columns = [
        "id", "project_id", "amount", "timestamp", "note", "batch_id", "is_reset", "tags",
      ]
      if !bypassesPolicies {
        try session.execute(
          "CREATE TEMPORARY TABLE copied_reading ON COMMIT DROP AS SELECT "
            + columns.joined(separator: ", ") + " FROM reading WITH NO DATA")
      }
      var lastReading: Int64 = 1
      let feed = try session.copy(
        into: bypassesPolicies ? "reading" : "copied_reading", columns: columns)
      do {
        try copy.forEachReading { reading in
          try ChangeRules.checkCopied(reading)
          lastReading = max(lastReading, reading.id.rawValue)
          try feed.write { buffer in
            CopyText.field(reading.id.rawValue, into: &buffer)
            CopyText.field(reading.projectID.rawValue, into: &buffer)
            CopyText.field(reading.amount, into: &buffer)
            CopyText.field(reading.timestamp.microsecondsSince1970, into: &buffer)
            CopyText.field(reading.note, into: &buffer)
            CopyText.field(reading.batchID?.rawValue, into: &buffer)
            CopyText.field(reading.isReset, into: &buffer)
            CopyText.end(Tags.stored(reading.tags), into: &buffer)
          }
        }
      } catch {
        feed.cancel()
        throw error
      }
      try feed.finish()
      try claimIDs(project: 1, batch: 1, reading: lastReading, on: session)
      if !bypassesPolicies {
        let list = columns.joined(separator: ", ")
        try session.execute(
          "INSERT INTO reading (\(list)) SELECT \(list) FROM copied_reading ORDER BY id")
      }
      for timer in copy.timers {
        try WriteScript.apply(.startTimer(timer), to: writer)
      }
      // The copy brings no history: looking back reaches only to now (`tally_receive` marks
      // where the history starts).
      try session.rows(
        """
        UPDATE project SET
          reading_count = (SELECT count(*) FROM reading WHERE project_id = project.id),
          last_reading_at = (SELECT MAX(timestamp) FROM reading WHERE project_id = project.id)
        """)
      try PostgresRollups(session: session).rebuildAll(bypassesPolicies: bypassesPolicies)
      var stored: [ProjectID: RangeFigures] = [:]
      for row in try session.rows(
        "SELECT project_id, count(*)::BIGINT, SUM(amount) FROM reading GROUP BY project_id")
      {
        let (project, count, sum) = try row.decode((Int64, Int64, Double).self)
        stored[ProjectID(rawValue: project)] = RangeFigures(
          count: Int(count), sum: sum, min: nil, max: nil)
      }
      try MigrationCheck.compare(
        copy.expected, stored, projects: projects, target: address.description)
      try ChangeRules.checkCopied(projects, in: PostgresFacts(session))
    }
  }

  /// Claims ids up to these for a copy (see `tally_receive`), or refuses: the database holds
  /// projects, or held them (saying how many only of those this person may read).
  private func claimIDs(
    project: Int64, batch: Int64, reading: Int64, on session: PostgresSession
  ) throws {
    let claimed =
      try session.value(
        "SELECT tally_receive(\(project), \(batch), \(reading))", as: Bool.self) ?? false
    guard !claimed else { return }
    let seen = try session.value("SELECT count(*)::BIGINT FROM project", as: Int64.self) ?? 0
    throw TallyError(
      .conflict,
      "\(address) "
        + (seen == 0
          ? "already holds or held projects"
          : "already holds \(seen) project\(seen == 1 ? "" : "s") (or held "
            + "\(seen == 1 ? "it" : "them"))")
        + "; a restore or a migration copies only into an empty database",
      hint: "Create a new database for it: createdb NAME")
  }
}
