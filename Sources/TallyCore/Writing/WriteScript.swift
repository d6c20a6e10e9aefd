public import Foundation

/// The one sequence by which stored data changes, on every backend: plan the request, check
/// access, write the rows, keep the counters and the rollups, check the rules on what was
/// written, and journal it; undo and redo take the same path back.
///
/// It runs inside a transaction the backend opened, against that backend's
/// ``ChangeTables``; any error rolls it all back.
public enum WriteScript {
  /// What a request did: the message, and the journal entry it made, if it made one.
  public struct Done: Sendable {
    public var message: String
    public var entry: Int64?
  }

  /// Carries out a validated request (not an import, which has its own script).
  ///
  /// - Parameters:
  ///   - request: What to do; see `Request.validated()`.
  ///   - zone: The zone the times of its messages are written in.
  ///   - tables: The backend's tables, in an open transaction.
  /// - Returns: The message, and the journal entry it made.
  /// - Throws: ``TallyError``, ``RuleBroken`` or the backend's error; the caller rolls back.
  public static func perform<Tables: ChangeTables>(
    _ request: Request, zone: TimeZone, on tables: Tables
  ) throws -> Done {
    switch request {
    case .undo(let at):
      guard let entry = try tables.lastDone() else {
        throw TallyError(.conflict, "there is nothing to undo", hint: tables.ownChangesHint)
      }
      let change = try entry.storedChange().inverse
      try apply(change, to: tables, taking: "undo \"\(entry.description)\"", zone: zone)
      try tables.markUndone(entry, true)
      try tables.appendHistory(change, .undid, description: entry.description, at: at)
      return Done(message: "Undid: \(entry.description)")
    case .redo(let at):
      guard let entry = try tables.nextUndone() else {
        throw TallyError(.conflict, "there is nothing to redo", hint: tables.ownChangesHint)
      }
      let change = try entry.storedChange()
      try apply(change, to: tables, taking: "redo \"\(entry.description)\"", zone: zone)
      try tables.markUndone(entry, false)
      try tables.appendHistory(change, .redid, description: entry.description, at: at)
      return Done(message: "Redid: \(entry.description)")
    case .addProject(_, let at), .editProject(_, _, let at), .deleteProject(_, let at),
      .addReading(_, let at), .editReading(_, _, let at), .deleteReading(_, let at),
      .startTimer(_, _, _, let at, _), .stopTimer(_, _, let at, _, _, _), .cancelTimer(_, let at),
      .switchTimer(_, _, _, let at, _, _, _), .trackTime(_, _, _, _, _, let at, _),
      .undoImport(_, let at):
      let plan = try ChangePlan.plan(request, in: tables.facts)
      guard !plan.change.isNothing else {
        // Nothing to write; a person who may not write there still hears so.
        try tables.requireAccess(for: plan.change)
        return Done(message: plan.message)
      }
      try apply(plan.change, to: tables)
      return Done(
        message: plan.message,
        entry: try tables.record(plan.change, description: plan.message, at: at))
    }
  }

  /// Applies `change` to take back or bring again a journalled change, naming `operation`
  /// when a rule or someone else's change stops it.
  static func apply<Tables: ChangeTables>(
    _ change: Change, to tables: Tables, taking operation: String, zone: TimeZone
  ) throws {
    do {
      try apply(change, to: tables)
    } catch let broken as RuleBroken {
      throw broken.error(doing: operation, zone: zone)
    } catch {
      throw tables.conflict(error, stopping: operation) ?? error
    }
  }

  /// Writes `change`, brings the counters and rollups of the projects it touches up to date,
  /// and checks ``ChangeRules`` on what it wrote.
  ///
  /// - Throws: The backend's error when a row is not as the change expects, ``RuleBroken``
  ///   when the rows written break a rule.
  public static func apply<Tables: ChangeTables>(_ change: Change, to tables: Tables) throws {
    try tables.requireAccess(for: change)
    var counters = CounterChanges()
    var stale = StaleRollups()
    try write(change, to: tables, counting: &counters, stale: &stale)
    try tables.updateCounters(counters)
    try tables.refreshRollups(stale)
    try ChangeRules.check(change, in: tables.facts)
  }

  /// Writes `change` to the tables, noting in `counters` what it did to each project's
  /// readings and in `stale` the times of the readings it wrote.
  private static func write<Tables: ChangeTables>(
    _ change: Change, to tables: Tables, counting counters: inout CounterChanges,
    stale: inout StaleRollups
  ) throws {
    switch change {
    case .insertProject(let project): try tables.insertProject(project)
    case .updateProject(let before, let after): try tables.updateProject(before, to: after)
    case .deleteProject(let project):
      try tables.deleteProject(project)
      stale.clear(project.id)
    case .insertReadings(let readings):
      try tables.insertReadings(readings)
      for reading in readings {
        counters.added(reading)
        stale.note(reading.projectID, at: reading.timestamp)
      }
    case .updateReading(let before, let after):
      try tables.updateReading(before, to: after)
      stale.note(before.projectID, at: before.timestamp)
      stale.note(after.projectID, at: after.timestamp)
      counters.moved(from: before.projectID, to: after.projectID)
    case .deleteReadings(let readings):
      try tables.deleteReadings(readings)
      for reading in readings {
        stale.note(reading.projectID, at: reading.timestamp)
        counters.removed(1, from: reading.projectID)
      }
    case .startTimer(let timer): try tables.startTimer(timer)
    case .stopTimer(let timer): try tables.stopTimer(timer)
    case .setAsideImport(let batch):
      // An import that added no readings has none to set aside.
      if batch.readingIDs != nil {
        counters.removed(try tables.setAsideImport(batch), from: batch.projectID)
        try note(Change.setAsideLabel(of: batch), of: batch.projectID, batch.id, &stale, tables)
      }
      try tables.markImport(batch, undone: true)
    case .restoreImport(let batch):
      let label = Change.setAsideLabel(of: batch)
      try note(label, of: batch.projectID, batch.id, &stale, tables)
      let moved = try tables.restore(heldFor: label, of: batch.projectID, batch: batch.id)
      counters.restored(moved, to: batch.projectID)
      try tables.markImport(batch, undone: false)
    case .setAsideReadings(let project):
      counters.removed(try tables.setAsideReadings(of: project), from: project)
      stale.clear(project)
    case .restoreReadings(let project):
      let label = Change.setAsideLabel(of: project)
      try note(label, of: project, nil, &stale, tables)
      counters.restored(try tables.restore(heldFor: label, of: project, batch: nil), to: project)
    case .batch(let changes):
      for change in changes {
        try write(change, to: tables, counting: &counters, stale: &stale)
      }
    }
  }

  /// Notes the times of the readings of `project` (and `batch`) set aside as `label`.
  private static func note<Tables: ChangeTables>(
    _ label: String, of project: ProjectID, _ batch: ImportBatchID?,
    _ stale: inout StaleRollups, _ tables: Tables
  ) throws {
    guard let span = try tables.setAsideSpan(heldFor: label, of: project, batch: batch) else {
      return
    }
    stale.note(project, from: span.lowerBound, to: span.upperBound)
  }
}
