public import Foundation
public import TallyCore

extension PostgresStorage {
  /// Carries out a validated request in one SERIALIZABLE transaction.
  ///
  /// The ``WriteScript`` that every backend shares writes it, journalled under this person's
  /// name. A transaction the server gives up for a concurrent one is tried
  /// again. The stored state is read back after the commit, in a snapshot of its own: read
  /// inside the write, the whole project list would conflict with every other writer.
  ///
  /// Times in its messages are written in `zone`.
  public func perform(_ request: Request, openProject: ProjectID?, zone: TimeZone)
    throws(TallyError) -> Commit
  {
    try withSession(doing: request.operation) { session throws(TallyError) in
      let (message, entry) = try write(request, zone: zone, on: session)
      try keepHouse(after: entry, on: session)
      return Commit(
        message: message,
        snapshot: try snapshot(after: message, on: session, openProject: openProject))
    }
  }

  /// Writes `request` in one transaction.
  ///
  /// - Returns: The message, and the id of the journal entry it made, if it made one.
  private func write(
    _ request: Request, zone: TimeZone, on session: PostgresSession
  ) throws(TallyError) -> (String, Int64?) {
    try transaction(doing: request.operation, on: session) { session in
      let done = try WriteScript.perform(
        request, zone: zone, on: PostgresWriter(session: session, storage: self, zone: zone))
      return (done.message, done.entry)
    }
  }

  /// Cuts this person's journal back to its limit when the entry `entry` makes it due, in a
  /// transaction of its own after the change: housekeeping that a failure only postpones.
  func keepHouse(after entry: Int64?, on session: PostgresSession) throws(TallyError) {
    guard let entry, PostgresWriter.isTrimmingDue(after: entry), session.isOpen else { return }
    _ = try? transaction(doing: "trim the journal", on: session) { session in
      try PostgresWriter(session: session, storage: self).trimJournal()
    }
  }

  /// The stored state after a change was committed, read in a snapshot of its own (on a new
  /// connection if the change's broke).
  ///
  /// - Throws: ``TallyError`` that says the change was saved, when the state cannot be read:
  ///   "nothing was changed" would be a guess, and a wrong one.
  func snapshot(
    after message: String, on session: PostgresSession, openProject: ProjectID?
  ) throws(TallyError) -> Snapshot {
    do {
      return try snapshot(on: session.ifOpen, openProject: openProject)
    } catch {
      throw TallyError(
        error.kind, "\(message); it was saved, but then: \(error.message)",
        hint: "The change is stored (`tally log` lists it); only reading the data back failed.")
    }
  }

  /// What a person who finds nothing to undo on a shared server may need to know.
  static var ownChangesHint: String {
    "On a shared database, undo and redo take back only your own changes: those of the role "
      + "you log in as."
  }
}
