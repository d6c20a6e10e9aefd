public import Foundation
public import TallyCore

extension TallyDatabase {
  /// Carries out a validated request in one transaction, by the ``WriteScript`` that every
  /// backend shares, and reads back the stored state.
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
    try write(doing: request.operation) { db in
      let done = try WriteScript.perform(request, zone: zone, on: SQLiteTables(db, zone: zone))
      return Commit(message: done.message, snapshot: try db.snapshot(openProject: openProject))
    }
  }
}
