import Foundation
import Libpq
import TallyCore

/// tally's tables on a PostgreSQL server inside one write transaction, as the
/// ``WriteScript`` changes them: the server's statements for each step, the journal kept per
/// person.
///
/// Every write names the row as the change expects it (an update or delete of a reading
/// matches its amount, time, note and mark, not only its id), so an undo of a change that
/// someone else has since changed again finds no row and stops, rather than overwriting their
/// work.
struct PostgresWriter: ImportTables {
  let session: PostgresSession
  /// The zone of the messages' times.
  let zone: TimeZone
  let writer: String
  /// Whether the server's policies bind this role: then each change is first checked against
  /// them, so that a refusal names the project and what the person may do.
  let checksAccess: Bool
  /// The person, as the server knows them.
  let user: String

  init(
    session: PostgresSession, storage: PostgresStorage,
    zone: TimeZone = TimeZone(identifier: "UTC") ?? .current
  ) {
    self.session = session
    self.zone = zone
    checksAccess = !storage.bypassesPolicies
    user = storage.user
    writer = storage.writer
  }

  /// The stored facts, read in this transaction: new for each plan, since they keep the ids
  /// they drew (one import's parts each draw their own).
  var facts: PostgresFacts { PostgresFacts(session, zone: zone) }

  /// A row that is no longer as the change expects: someone else changed it since.
  struct RowChanged: Error {
    var what: String
  }

  /// What the person reads when someone else's change to the same rows stopped an undo or a
  /// redo: nothing is changed then.
  func conflict(_ error: any Error, stopping operation: String) -> TallyError? {
    if let changed = error as? RowChanged {
      return TallyError(
        .conflict,
        "cannot \(operation): someone else has changed \(changed.what) since; nothing was changed",
        hint: "`tally log` shows who changed what. Change it by hand if it is still wrong.")
    }
    if let error = error as? PGError, PostgresFailure.state(of: error)?.hasPrefix("23") == true {
      return TallyError(
        .conflict,
        "cannot \(operation): someone else has since made a change it would contradict "
          + "(\(error.message))",
        hint: "Nothing was changed. `tally log` shows the latest changes.")
    }
    return nil
  }

  /// On a shared database, undo and redo are each person's own.
  var ownChangesHint: String? { PostgresStorage.ownChangesHint }

  /// Refuses, naming the project, what asks for more access than this person has; the
  /// server's policies decide either way.
  func requireAccess(_ required: [ProjectID: AccessLevel]) throws {
    guard checksAccess else { return }
    try PostgresAccess(session: session, user: user).require(required)
  }

  func refreshRollups(_ stale: StaleRollups) throws {
    try PostgresRollups(session: session).refresh(stale)
  }

  func insertProject(_ project: Project) throws {
    try session.rows(
      """
      INSERT INTO project (id, title, title_key, units, frequency, kind, decimals, goals,
        group_name, created_at, updated_at)
      VALUES (\(project.id.rawValue), \(project.title), \(Project.titleKey(project.title)),
        \(project.units), \(project.frequency.rawValue), \(project.kind.rawValue),
        \(project.decimals), \(try project.storedGoalsJSON), \(project.group),
        \(project.createdAt.microsecondsSince1970), \(project.updatedAt.microsecondsSince1970))
      """)
  }

  /// Updates the project that must still be as `before`.
  func updateProject(_ before: Project, to after: Project) throws {
    try expectProject(before, "project \(before.title)")
    try session.rows(
      """
      UPDATE project SET title = \(after.title), title_key = \(Project.titleKey(after.title)),
        units = \(after.units), frequency = \(after.frequency.rawValue),
        kind = \(after.kind.rawValue), decimals = \(after.decimals),
        goals = \(try after.storedGoalsJSON), group_name = \(after.group),
        created_at = \(after.createdAt.microsecondsSince1970),
        updated_at = \(after.updatedAt.microsecondsSince1970)
      WHERE id = \(after.id.rawValue)
      """)
  }

  /// Deletes a project that must still be as it was, and hold no readings.
  func deleteProject(_ project: Project) throws {
    try expectProject(project, "project \(project.title)")
    // Its readings were set aside first; any left are someone else's since. (The counters
    // are brought up to date after the whole change: the rows themselves tell.)
    let left =
      try session.value(
        "SELECT count(*)::BIGINT FROM reading WHERE project_id = \(project.id.rawValue)",
        as: Int64.self) ?? 0
    guard left == 0 else {
      throw RowChanged(what: "project \(project.title) (it holds \(left) readings now)")
    }
    try session.rows("DELETE FROM project WHERE id = \(project.id.rawValue)")
  }

  func insertReadings(_ readings: [Reading]) throws {
    for reading in readings {
      try session.rows(
        """
        INSERT INTO reading (id, project_id, amount, timestamp, note, batch_id, is_reset, tags)
        VALUES (\(reading.id.rawValue), \(reading.projectID.rawValue), \(reading.amount),
          \(reading.timestamp.microsecondsSince1970), \(reading.note),
          \(reading.batchID?.rawValue), \(reading.isReset), \(Tags.stored(reading.tags)))
        """)
    }
  }

  /// Updates the reading that must still be as `before`; it may move to another project.
  func updateReading(_ before: Reading, to after: Reading) throws {
    let updated = try session.rows(
      """
      UPDATE reading SET project_id = \(after.projectID.rawValue), amount = \(after.amount),
        timestamp = \(after.timestamp.microsecondsSince1970), note = \(after.note),
        batch_id = \(after.batchID?.rawValue), is_reset = \(after.isReset),
        tags = \(Tags.stored(after.tags)), edited_by = session_user
      WHERE id = \(before.id.rawValue) AND project_id = \(before.projectID.rawValue)
        AND amount = \(before.amount) AND timestamp = \(before.timestamp.microsecondsSince1970)
        AND note IS NOT DISTINCT FROM \(before.note) AND is_reset = \(before.isReset)
        AND tags IS NOT DISTINCT FROM \(Tags.stored(before.tags))
      RETURNING id
      """)
    guard updated.count == 1 else { throw RowChanged(what: "reading \(before.id)") }
  }

  /// Deletes readings that must each still be as they were.
  func deleteReadings(_ readings: [Reading]) throws {
    for reading in readings {
      let deleted = try session.rows(
        """
        DELETE FROM reading
        WHERE id = \(reading.id.rawValue) AND project_id = \(reading.projectID.rawValue)
          AND amount = \(reading.amount)
          AND timestamp = \(reading.timestamp.microsecondsSince1970)
          AND note IS NOT DISTINCT FROM \(reading.note) AND is_reset = \(reading.isReset)
          AND tags IS NOT DISTINCT FROM \(Tags.stored(reading.tags))
        RETURNING id
        """)
      guard deleted.count == 1 else { throw RowChanged(what: "reading \(reading.id)") }
    }
  }

  func startTimer(_ timer: RunningTimer) throws {
    try session.rows(
      """
      INSERT INTO timer (\(unescaped: PostgresRows.timerColumns))
      VALUES (
        \(timer.projectID.rawValue), \(timer.startedAt.microsecondsSince1970), \(timer.note),
        \(Tags.stored(timer.tags)))
      """)
  }

  /// Stops the timer that must still be running as it started: since then, with its note
  /// and tags (read as tally reads them, the words between commas).
  func stopTimer(_ timer: RunningTimer) throws {
    let stopped = try session.rows(
      """
      DELETE FROM timer WHERE project_id = \(timer.projectID.rawValue)
        AND started_at = \(timer.startedAt.microsecondsSince1970)
        AND note IS NOT DISTINCT FROM \(timer.note)
        AND array_remove(string_to_array(coalesce(tags, ''), ','), '') = \(timer.tags)::TEXT[]
      RETURNING project_id
      """)
    guard stopped.count == 1 else {
      throw RowChanged(what: "the timer of project \(timer.projectID)")
    }
  }

  /// Sets an import's readings aside, once nobody else has edited or deleted one since.
  func setAsideImport(_ batch: ImportBatch) throws -> Int {
    guard let ids = batch.readingIDs else { return 0 }
    let picked =
      "id BETWEEN \(ids.lowerBound) AND \(ids.upperBound) AND batch_id = \(batch.id.rawValue)"
    try expectBatchUntouched(batch, picked)
    return try setAside(picked, heldFor: Change.setAsideLabel(of: batch))
  }

  /// Sets every reading of `project` aside, before the project is deleted.
  func setAsideReadings(of project: ProjectID) throws -> Int {
    try setAside("project_id = \(project.rawValue)", heldFor: Change.setAsideLabel(of: project))
  }

  /// Checks that nobody else has edited or deleted a reading of `batch` since it was
  /// imported: taking the import out would take their work with it.
  private func expectBatchUntouched(_ batch: ImportBatch, _ picked: String) throws {
    let edited = try session.row(
      """
      SELECT id, edited_by FROM reading
      WHERE \(unescaped: picked) AND edited_by IS NOT NULL AND edited_by <> session_user LIMIT 1
      """, as: (Int64, String).self)
    if let (id, person) = edited {
      throw RowChanged(what: "reading \(id) of import \(batch.id) (\(person) edited it)")
    }
    let held =
      try session.value(
        "SELECT count(*)::BIGINT FROM reading WHERE \(unescaped: picked)", as: Int64.self) ?? 0
    guard held == batch.imported else {
      // No arithmetic on the stored count: a writer may have written any number there.
      throw RowChanged(
        what: "import \(batch.id) (it brought \(batch.imported) readings; \(held) are left)")
    }
  }

  /// Checks that the project is as `expected` (its last change time aside: adding readings
  /// touches it, which leaves what the change is about as it was).
  private func expectProject(_ expected: Project, _ what: String) throws {
    guard var stored = try facts.projectIfAny(expected.id) else {
      // To someone the policies bind, a project no longer shared with them is gone too.
      throw RowChanged(
        what: "\(what) (it was deleted\(checksAccess ? ", or is no longer shared with you" : ""))")
    }
    stored.updatedAt = expected.updatedAt
    guard stored == expected else { throw RowChanged(what: what) }
  }

  /// Moves the readings that `condition` (trusted SQL of numbers) picks into the set-aside
  /// table, labelled `key`, in one statement.
  ///
  /// - Returns: How many readings moved.
  ///
  /// The server is told that these deletions are a set-aside (`PostgresMemberSchema`'s
  /// `keepDeletedSetting`), for this statement alone: it keeps no copy of each.
  private func setAside(_ condition: String, heldFor key: String) throws -> Int {
    let columns = PostgresRows.readingColumns
    let setting = PostgresMemberSchema.keepDeletedSetting
    try session.rows("SELECT set_config(\(setting), 'off', true)")
    defer { _ = try? session.rows("SELECT set_config(\(setting), 'on', true)") }
    return Int(
      try session.value(
        """
        WITH moved AS (
          DELETE FROM reading WHERE \(unescaped: condition) RETURNING \(unescaped: columns)
        ), kept AS (
          INSERT INTO set_aside_reading (\(unescaped: columns), held_for)
          SELECT \(unescaped: columns), \(key) FROM moved RETURNING 1
        )
        SELECT count(*)::BIGINT FROM kept
        """, as: Int64.self) ?? 0)
  }

  func setAsideSpan(
    heldFor label: String, of project: ProjectID, batch: ImportBatchID?
  ) throws -> ClosedRange<Timestamp>? {
    guard
      let (first, last) = try session.row(
        """
        SELECT MIN(timestamp), MAX(timestamp) FROM set_aside_reading
        WHERE held_for = \(label) AND project_id = \(project.rawValue)
          AND (\(batch?.rawValue)::BIGINT IS NULL OR batch_id = \(batch?.rawValue))
          AND (set_aside_by IS NULL OR set_aside_by = session_user)
        """, as: (Int64?, Int64?).self),
      let first, let last
    else { return nil }
    return Timestamp(microsecondsSince1970: first)...Timestamp(microsecondsSince1970: last)
  }

  /// Moves the readings set aside as `key` back into the readings: only those this person
  /// set aside (or that were set aside before tally noted who did), so that a row a writer
  /// planted under the label stays where it is.
  ///
  /// - Returns: How many readings moved.
  func restore(heldFor key: String, of project: ProjectID, batch: ImportBatchID?) throws -> Int {
    let columns = PostgresRows.readingColumns
    return Int(
      try session.value(
        """
        WITH moved AS (
          DELETE FROM set_aside_reading
          WHERE held_for = \(key) AND project_id = \(project.rawValue)
            AND (\(batch?.rawValue)::BIGINT IS NULL OR batch_id = \(batch?.rawValue))
            AND (set_aside_by IS NULL OR set_aside_by = session_user)
          RETURNING \(unescaped: columns)
        ), back AS (
          INSERT INTO reading (\(unescaped: columns))
          SELECT \(unescaped: columns) FROM moved ORDER BY id RETURNING 1
        )
        SELECT count(*)::BIGINT FROM back
        """, as: Int64.self) ?? 0)
  }

  func markImport(_ batch: ImportBatch, undone: Bool) throws {
    let marked = try session.rows(
      """
      UPDATE import_batch SET undone = \(undone) WHERE id = \(batch.id.rawValue)
        AND undone = \(!undone)
      RETURNING id
      """)
    guard marked.count == 1 else { throw RowChanged(what: "import \(batch.id)") }
  }

  func insertBatch(_ batch: ImportBatch) throws {
    try session.rows(
      """
      INSERT INTO import_batch (id, project_id, file_name, sha256, at, imported, duplicates,
        skipped, first_reading_id, last_reading_id, settings)
      VALUES (\(batch.id.rawValue), \(batch.projectID.rawValue), \(batch.fileName),
        \(batch.sha256), \(batch.at.microsecondsSince1970), \(Int64(batch.imported)),
        \(Int64(batch.duplicates)), \(Int64(batch.skipped)),
        \(batch.readingIDs?.lowerBound), \(batch.readingIDs?.upperBound),
        \(try batch.settings?.storedJSON))
      """)
  }

  /// Brings the counters of the projects whose readings changed up to date: a count moves by
  /// what was added or taken out; the latest reading time moves up to a newer reading added,
  /// and is read again (one step down the index) only after a reading was taken out or moved.
  ///
  /// Reading that index inside a SERIALIZABLE write would make it conflict with whoever writes
  /// next to it (another project's import, say); a project whose readings did not change is
  /// not written at all.
  func updateCounters(_ counters: CounterChanges) throws {
    for project in counters.projects {
      let id = project.rawValue
      let count = Int64(counters.added[project, default: 0])
      if counters.recount.contains(project) {
        try session.rows(
          """
          UPDATE project SET reading_count = reading_count + \(count),
            last_reading_at = (SELECT MAX(timestamp) FROM reading WHERE project_id = \(id))
          WHERE id = \(id)
          """)
      } else if let latest = counters.latest[project] {
        try session.rows(
          """
          UPDATE project SET reading_count = reading_count + \(count),
            last_reading_at = GREATEST(last_reading_at, \(latest))
          WHERE id = \(id)
          """)
      }
    }
  }

}
