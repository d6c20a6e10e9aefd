/// One backend's tables inside one open write transaction, as the ``WriteScript`` changes them.
///
/// Each step is that backend's own SQL, and none keeps a rule, a counter or a rollup by
/// itself. The script decides what happens, in what order, and what is checked; a rule added
/// to it holds on every backend.
///
/// A step that finds a row not as the change expects it (the journal and the tables
/// disagree, or someone else changed it since) throws; the transaction is then rolled back.
public protocol ChangeTables {
  /// An entry of the person's journal, as this backend reads it.
  associatedtype JournalEntry: JournalledChange
  /// What the stored data says, read inside the transaction.
  associatedtype Facts: StoredFacts

  /// The stored facts the plans and the rules read, in this transaction.
  var facts: Facts { get }

  // MARK: Rows

  func insertProject(_ project: Project) throws
  /// Updates the project that must still be as `before`.
  func updateProject(_ before: Project, to after: Project) throws
  /// Deletes the project, whose readings were set aside before.
  func deleteProject(_ project: Project) throws
  func insertReadings(_ readings: [Reading]) throws
  /// Updates the reading that must still be as `before`; it may move to another project.
  func updateReading(_ before: Reading, to after: Reading) throws
  /// Deletes readings that must each still be as they were.
  func deleteReadings(_ readings: [Reading]) throws
  func startTimer(_ timer: RunningTimer) throws
  /// Stops the timer that must still be running as `timer` says.
  func stopTimer(_ timer: RunningTimer) throws

  // MARK: Set-aside readings

  /// Moves the readings of `batch` into the set-aside table, labelled
  /// `Change.setAsideLabel(of: batch)`, once they are found as the import left them.
  ///
  /// - Returns: How many readings moved.
  func setAsideImport(_ batch: ImportBatch) throws -> Int
  /// Moves every reading of `project` into the set-aside table, labelled
  /// `Change.setAsideLabel(of: project)`.
  ///
  /// - Returns: How many readings moved.
  func setAsideReadings(of project: ProjectID) throws -> Int
  /// Moves the readings set aside as `label` back: only those of `project` (and, for an
  /// import, of `batch`), which tally set aside; any other row under that label was written
  /// there by hand and stays where it is.
  ///
  /// - Returns: How many readings moved.
  func restore(heldFor label: String, of project: ProjectID, batch: ImportBatchID?) throws -> Int
  /// The first and last time of the readings ``restore(heldFor:of:batch:)`` would move, if
  /// there are any.
  func setAsideSpan(
    heldFor label: String, of project: ProjectID, batch: ImportBatchID?
  ) throws -> ClosedRange<Timestamp>?
  /// Marks `batch` undone or done again; it must be the other now.
  func markImport(_ batch: ImportBatch, undone: Bool) throws

  // MARK: What follows from the rows

  /// Brings the reading counters of the projects up to date.
  func updateCounters(_ counters: CounterChanges) throws
  /// Sums again the rollups of the quarters the readings written fall in.
  func refreshRollups(_ stale: StaleRollups) throws
  /// Refuses, naming the project, what asks for more access than the person has.
  func requireAccess(_ required: [ProjectID: AccessLevel]) throws

  // MARK: The journal and the history

  /// The person's latest change that is not undone, if any.
  func lastDone() throws -> JournalEntry?
  /// The person's earliest undone change, if any.
  func nextUndone() throws -> JournalEntry?
  func markUndone(_ entry: JournalEntry, _ undone: Bool) throws
  /// Records an applied change and discards the undone changes, which can no longer be
  /// redone.
  ///
  /// - Returns: The entry's id, when the backend keeps house by it.
  func record(_ change: Change, description: String, at: Timestamp) throws -> Int64?
  /// Adds a step to the history.
  func appendHistory(
    _ change: Change, _ action: HistoryEvent.Action, description: String, at: Timestamp)
    throws

  // MARK: Messages

  /// What the person reads when `error` stopped `operation` (an undo or a redo) because
  /// someone else changed the same rows, if the error says so; `nil` passes it on as it is.
  func conflict(_ error: any Error, stopping operation: String) -> TallyError?
  /// What a person who finds nothing to undo or redo may need to know.
  var ownChangesHint: String? { get }
}

extension ChangeTables {
  /// A backend that checks no access leaves it to nobody: there is one person.
  public func requireAccess(_ required: [ProjectID: AccessLevel]) throws {}

  /// Refuses, naming the project, a change that asks for more access than the person has
  /// (see ``Change/requiredAccess``).
  public func requireAccess(for change: Change) throws {
    try requireAccess(change.requiredAccess)
  }

  public func conflict(_ error: any Error, stopping operation: String) -> TallyError? { nil }

  public var ownChangesHint: String? { nil }
}

/// An entry of the journal: a change that `undo` takes back and `redo` brings again.
public protocol JournalledChange {
  /// What the change was, as `tally log` lists it.
  var description: String { get }
  /// The change itself.
  ///
  /// - Throws: ``TallyError`` when the stored change cannot be read.
  func storedChange() throws -> Change
}
