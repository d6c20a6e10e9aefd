import Foundation
public import TallyCore

extension PostgresStorage {
  /// Carries out a validated request in one SERIALIZABLE transaction.
  ///
  /// It plans the change, writes it, journals it under this person's name, updates the
  /// project counters and reads back the stored state. A transaction the server gives up for a concurrent one is tried again.
  public func perform(_ request: Request, openProject: ProjectID?) throws(TallyError) -> Commit {
    if case .importReadings(let job, let at) = request {
      return try importReadings(job, at: at, openProject: openProject)
    }
    return try transaction(doing: request.operation) { session in
      let writer = PostgresWriter(session: session, storage: self)
      let message: String
      switch request {
      case .undo:
        guard let entry = try writer.lastDone() else {
          throw TallyError(.conflict, "there is nothing to undo", hint: Self.ownChangesHint)
        }
        try writer.applyChecked(entry.change.inverse, taking: "undo", entry: entry)
        try writer.markUndone(entry, true)
        message = "Undid: \(entry.description)"
      case .redo:
        guard let entry = try writer.nextUndone() else {
          throw TallyError(.conflict, "there is nothing to redo", hint: Self.ownChangesHint)
        }
        try writer.applyChecked(entry.change, taking: "redo", entry: entry)
        try writer.markUndone(entry, false)
        message = "Redid: \(entry.description)"
      case .addProject(_, let at), .editProject(_, _, let at), .deleteProject(_, let at),
        .addReading(_, let at), .editReading(_, _, let at), .deleteReading(_, let at),
        .startTimer(_, let at), .stopTimer(_, _, let at), .cancelTimer(_, let at),
        .undoImport(_, let at), .importReadings(_, let at):
        let plan = try ChangePlan.plan(request, in: writer.facts)
        try writer.applyKeepingCounters(plan.change)
        try writer.record(plan.change, description: plan.message, at: at)
        message = plan.message
      }
      return Commit(
        message: message, snapshot: try Self.snapshot(session, openProject: openProject))
    }
  }

  /// What a person who finds nothing to undo on a shared server may need to know.
  static var ownChangesHint: String {
    "On a shared database, undo and redo take back only your own changes (--user, TALLY_USER)."
  }
}
