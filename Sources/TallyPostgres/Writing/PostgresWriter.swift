import Foundation
import Libpq
import TallyCore

/// The writes of one transaction: changes applied to the tables, the project counters kept,
/// the journal kept per person.
///
/// Every write names the row as the change expects it (an update or delete of a reading
/// matches its amount, time, note and mark, not only its id), so an undo of a change that
/// someone else has since changed again finds no row and stops, rather than overwriting their
/// work.
struct PostgresWriter {
  let session: PostgresSession
  let facts: PostgresFacts
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
    facts = PostgresFacts(session, zone: zone)
    checksAccess = !storage.bypassesPolicies
    user = storage.user
    writer = storage.writer
  }

  /// A row that is no longer as the change expects: someone else changed it since.
  struct RowChanged: Error {
    var what: String
  }

  /// Applies `change` for an undo or a redo of `entry`, saying clearly when someone else has
  /// since changed the same rows: nothing is changed then.
  func applyChecked(_ change: Change, taking action: String, entry: JournalEntryRow) throws {
    do {
      try applyKeepingCounters(change)
    } catch let broken as RuleBroken {
      throw broken.error(doing: "\(action) \"\(entry.description)\"", zone: facts.zone)
    } catch let changed as RowChanged {
      throw TallyError(
        .conflict,
        "cannot \(action) \"\(entry.description)\": someone else has changed \(changed.what) "
          + "since; nothing was changed",
        hint: "`tally log` shows who changed what. Change it by hand if it is still wrong.")
    } catch let error as PGError where PostgresFailure.state(of: error)?.hasPrefix("23") == true {
      throw TallyError(
        .conflict,
        "cannot \(action) \"\(entry.description)\": someone else has since made a change it "
          + "would contradict (\(error.message))",
        hint: "Nothing was changed. `tally log` shows the latest changes.")
    }
  }

  /// Refuses, naming the project, a change that asks for more access than this person has
  /// (see ``Change/requiredAccess``); the server's policies decide either way.
  func requireAccess(for change: Change) throws {
    guard checksAccess else { return }
    try PostgresAccess(session: session, user: user).require(change.requiredAccess)
  }

  /// Writes `change` and brings the reading counters of the projects it touches up to date.
  ///
  /// ``ChangeRules`` are checked on what it wrote; ``RuleBroken`` is thrown when a rule does
  /// not hold, and the transaction is then rolled back.
  func applyKeepingCounters(_ change: Change) throws {
    try requireAccess(for: change)
    var counters = CounterChanges()
    var stale = StaleRollups()
    try apply(change, counting: &counters, stale: &stale)
    try updateCounters(counters)
    try PostgresRollups(session: session).refresh(stale)
    try ChangeRules.check(change, in: facts)
  }

  /// Writes `change` to the tables, noting in `counters` what it did to each project's
  /// readings and in `stale` the times of the readings it wrote: one function per kind of
  /// change.
  private func apply(
    _ change: Change, counting counters: inout CounterChanges, stale: inout StaleRollups
  ) throws {
    switch change {
    case .insertProject(let project): try insertProject(project)
    case .updateProject(let before, let after): try updateProject(before, to: after)
    case .deleteProject(let project): try deleteProject(project, stale: &stale)
    case .insertReadings(let readings):
      try insertReadings(readings, counting: &counters, stale: &stale)
    case .updateReading(let before, let after):
      try updateReading(before, to: after, counting: &counters, stale: &stale)
    case .deleteReadings(let readings):
      try deleteReadings(readings, counting: &counters, stale: &stale)
    case .startTimer(let timer): try startTimer(timer)
    case .stopTimer(let timer): try stopTimer(timer)
    case .setAsideImport(let batch): try setAsideImport(batch, counting: &counters, stale: &stale)
    case .restoreImport(let batch): try restoreImport(batch, counting: &counters, stale: &stale)
    case .setAsideReadings(let project):
      try setAsideReadings(of: project, counting: &counters, stale: &stale)
    case .restoreReadings(let project):
      try restoreReadings(of: project, counting: &counters, stale: &stale)
    case .batch(let changes):
      for change in changes {
        try apply(change, counting: &counters, stale: &stale)
      }
    }
  }

  private func insertProject(_ project: Project) throws {
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
  private func updateProject(_ before: Project, to after: Project) throws {
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
  private func deleteProject(_ project: Project, stale: inout StaleRollups) throws {
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
    stale.clear(project.id)
  }

  private func insertReadings(
    _ readings: [Reading], counting counters: inout CounterChanges, stale: inout StaleRollups
  ) throws {
    for reading in readings {
      try session.rows(
        """
        INSERT INTO reading (id, project_id, amount, timestamp, note, batch_id, is_reset, tags)
        VALUES (\(reading.id.rawValue), \(reading.projectID.rawValue), \(reading.amount),
          \(reading.timestamp.microsecondsSince1970), \(reading.note),
          \(reading.batchID?.rawValue), \(reading.isReset), \(Tags.stored(reading.tags)))
        """)
      counters.added(reading)
      stale.note(reading.projectID, at: reading.timestamp)
    }
  }

  /// Updates the reading that must still be as `before`; it may move to another project.
  private func updateReading(
    _ before: Reading, to after: Reading, counting counters: inout CounterChanges,
    stale: inout StaleRollups
  ) throws {
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
    stale.note(before.projectID, at: before.timestamp)
    stale.note(after.projectID, at: after.timestamp)
    counters.moved(from: before.projectID, to: after.projectID)
  }

  /// Deletes readings that must each still be as they were.
  private func deleteReadings(
    _ readings: [Reading], counting counters: inout CounterChanges, stale: inout StaleRollups
  ) throws {
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
      stale.note(reading.projectID, at: reading.timestamp)
      counters.removed(1, from: reading.projectID)
    }
  }

  private func startTimer(_ timer: RunningTimer) throws {
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
  private func stopTimer(_ timer: RunningTimer) throws {
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

  /// Sets an import's readings aside (one that added none has none to set aside) and marks
  /// it undone.
  private func setAsideImport(
    _ batch: ImportBatch, counting counters: inout CounterChanges, stale: inout StaleRollups
  ) throws {
    if let ids = batch.readingIDs {
      let picked =
        "id BETWEEN \(ids.lowerBound) AND \(ids.upperBound) AND batch_id = \(batch.id.rawValue)"
      try expectBatchUntouched(batch, picked)
      let moved = try setAside(picked, heldFor: Change.setAsideLabel(of: batch))
      counters.removed(moved, from: batch.projectID)
      try noteSetAside(Change.setAsideLabel(of: batch), of: batch.projectID, in: &stale)
    }
    try markImport(batch, undone: true)
  }

  /// Brings an import's readings back and marks it done again.
  private func restoreImport(
    _ batch: ImportBatch, counting counters: inout CounterChanges, stale: inout StaleRollups
  ) throws {
    try noteSetAside(Change.setAsideLabel(of: batch), of: batch.projectID, in: &stale)
    let moved = try restore(heldFor: Change.setAsideLabel(of: batch))
    counters.restored(moved, to: batch.projectID)
    try markImport(batch, undone: false)
  }

  /// Sets every reading of `project` aside, before the project is deleted.
  private func setAsideReadings(
    of project: ProjectID, counting counters: inout CounterChanges, stale: inout StaleRollups
  ) throws {
    let moved = try setAside(
      "project_id = \(project.rawValue)", heldFor: Change.setAsideLabel(of: project))
    counters.removed(moved, from: project)
    stale.clear(project)
  }

  /// Brings back the readings set aside when `project` was deleted.
  private func restoreReadings(
    of project: ProjectID, counting counters: inout CounterChanges, stale: inout StaleRollups
  ) throws {
    try noteSetAside(Change.setAsideLabel(of: project), of: project, in: &stale)
    let moved = try restore(heldFor: Change.setAsideLabel(of: project))
    counters.restored(moved, to: project)
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
      throw RowChanged(
        what: "import \(batch.id) (\(Int64(batch.imported) - held) of its readings were deleted)")
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

  /// Notes the times of the readings set aside as `key`, which belong to `project`.
  private func noteSetAside(
    _ key: String, of project: ProjectID, in stale: inout StaleRollups
  ) throws {
    guard
      let (first, last) = try session.row(
        "SELECT MIN(timestamp), MAX(timestamp) FROM set_aside_reading WHERE held_for = \(key)",
        as: (Int64?, Int64?).self),
      let first, let last
    else { return }
    stale.note(
      project, from: Timestamp(microsecondsSince1970: first),
      to: Timestamp(microsecondsSince1970: last))
  }

  /// Moves the readings set aside as `key` back into the readings.
  ///
  /// - Returns: How many readings moved.
  private func restore(heldFor key: String) throws -> Int {
    let columns = PostgresRows.readingColumns
    return Int(
      try session.value(
        """
        WITH moved AS (
          DELETE FROM set_aside_reading WHERE held_for = \(key) RETURNING \(unescaped: columns)
        ), back AS (
          INSERT INTO reading (\(unescaped: columns))
          SELECT \(unescaped: columns) FROM moved ORDER BY id RETURNING 1
        )
        SELECT count(*)::BIGINT FROM back
        """, as: Int64.self) ?? 0)
  }

  private func markImport(_ batch: ImportBatch, undone: Bool) throws {
    let marked = try session.rows(
      """
      UPDATE import_batch SET undone = \(undone) WHERE id = \(batch.id.rawValue)
        AND undone = \(!undone)
      RETURNING id
      """)
    guard marked.count == 1 else { throw RowChanged(what: "import \(batch.id)") }
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
