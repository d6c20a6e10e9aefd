public import Foundation
public import TallyCore

extension TallyDatabase {
  /// Carries out a validated request in one transaction: plan the change, write it, journal
  /// it, update the project counters, read back the stored state.
  ///
  /// - Parameters:
  ///   - request: What to do; see `Request.validated()`.
  ///   - openProject: The project on screen, whose readings the snapshot includes.
  ///   - zone: The zone the times of its messages are written in.
  /// - Returns: What was done and the stored data after it.
  /// - Throws: ``TallyError``; nothing is changed then.
  public func perform(_ request: Request, openProject: ProjectID?, zone: TimeZone)
    throws(TallyError) -> Commit
  {
    if case .importReadings(let job, let at) = request {
      return try importReadings([job], at: at, openProject: openProject)
    }
    if case .importProjects(let jobs, let at) = request {
      return try importReadings(jobs, at: at, openProject: openProject)
    }
    return try write(doing: request.operation) { db in
      let message: String
      switch request {
      case .undo(let at):
        guard let entry = try db.lastDone() else {
          throw TallyError(.conflict, "there is nothing to undo")
        }
        let change = try entry.decodedChange()
        try RuleBroken.naming("undo \"\(entry.description)\"", zone: zone) {
          try db.applyKeepingCounters(change.inverse)
        }
        try db.markUndone(entry, true)
        try db.appendHistory(change.inverse, .undid, description: entry.description, at: at)
        message = "Undid: \(entry.description)"
      case .redo(let at):
        guard let entry = try db.nextUndone() else {
          throw TallyError(.conflict, "there is nothing to redo")
        }
        let change = try entry.decodedChange()
        try RuleBroken.naming("redo \"\(entry.description)\"", zone: zone) {
          try db.applyKeepingCounters(change)
        }
        try db.markUndone(entry, false)
        try db.appendHistory(change, .redid, description: entry.description, at: at)
        message = "Redid: \(entry.description)"
      case .addProject(_, let at), .editProject(_, _, let at), .deleteProject(_, let at),
        .addReading(_, let at), .editReading(_, _, let at), .deleteReading(_, let at),
        .startTimer(_, _, _, let at, _), .stopTimer(_, _, let at, _, _, _), .cancelTimer(_, let at),
        .switchTimer(_, _, _, let at, _, _, _), .trackTime(_, _, _, _, _, let at, _),
        .undoImport(_, let at), .importReadings(_, let at), .importProjects(_, let at):
        let plan = try ChangePlan.plan(request, in: SQLiteFacts(db: db, zone: zone))
        if !plan.change.isNothing {
          try db.applyKeepingCounters(plan.change)
          try db.record(plan.change, description: plan.message, at: at)
        }
        message = plan.message
      }
      return Commit(message: message, snapshot: try db.snapshot(openProject: openProject))
    }
  }
}
