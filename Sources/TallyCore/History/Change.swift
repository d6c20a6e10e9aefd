/// A change of stored data, exact enough to be undone: each case holds the rows as they were
/// and as they became, so its ``inverse`` restores them, ids included.
public indirect enum Change: Codable, Equatable, Sendable {
  case insertProject(Project)
  case updateProject(before: Project, after: Project)
  case deleteProject(Project)
  case insertReadings([Reading])
  case updateReading(before: Reading, after: Reading)
  case deleteReadings([Reading])
  case startTimer(RunningTimer)
  case stopTimer(RunningTimer)
  /// Brings an import's readings back (they were imported, or set aside by an undo).
  case restoreImport(ImportBatch)
  /// Sets an import's readings aside, so that a redo can bring them back.
  case setAsideImport(ImportBatch)
  /// Sets every reading of a project aside, before the project is deleted, so that an undo can
  /// bring them back without the journal holding a copy of each.
  case setAsideReadings(ProjectID)
  /// Brings back the readings set aside when a project was deleted.
  case restoreReadings(ProjectID)
  /// Several changes applied in order, as one.
  case batch([Change])

  /// Whether it writes nothing.
  ///
  /// An update to what a row already holds (as an edit that asks for what is there plans it),
  /// or a batch of such. A storage neither applies nor records it, so that undo and redo are
  /// left as they were.
  public var isNothing: Bool {
    switch self {
    case .updateProject(let before, let after): before == after
    case .updateReading(let before, let after): before == after
    case .batch(let changes): changes.allSatisfy(\.isNothing)
    default: false
    }
  }

  /// The change that reverts this one.
  public var inverse: Change {
    switch self {
    case .insertProject(let project): .deleteProject(project)
    case .updateProject(let before, let after): .updateProject(before: after, after: before)
    case .deleteProject(let project): .insertProject(project)
    case .insertReadings(let readings): .deleteReadings(readings)
    case .updateReading(let before, let after): .updateReading(before: after, after: before)
    case .deleteReadings(let readings): .insertReadings(readings)
    case .startTimer(let timer): .stopTimer(timer)
    case .stopTimer(let timer): .startTimer(timer)
    case .restoreImport(let batch): .setAsideImport(batch)
    case .setAsideImport(let batch): .restoreImport(batch)
    case .setAsideReadings(let project): .restoreReadings(project)
    case .restoreReadings(let project): .setAsideReadings(project)
    case .batch(let changes): .batch(changes.reversed().map(\.inverse))
    }
  }

  /// The projects whose readings or fields this change touches.
  public var projectIDs: Set<ProjectID> {
    switch self {
    case .insertProject(let project), .deleteProject(let project): [project.id]
    case .updateProject(_, let after): [after.id]
    case .insertReadings(let readings), .deleteReadings(let readings):
      Set(readings.map(\.projectID))
    case .updateReading(let before, let after): [before.projectID, after.projectID]
    case .startTimer(let timer), .stopTimer(let timer): [timer.projectID]
    case .restoreImport(let batch), .setAsideImport(let batch): [batch.projectID]
    case .setAsideReadings(let project), .restoreReadings(let project): [project]
    case .batch(let changes): changes.reduce(into: []) { $0.formUnion($1.projectIDs) }
    }
  }
}

/// One change in the journal, for `tally log`, `undo` and `redo`.
public struct JournalEntry: Equatable, Sendable {
  /// Its position in the journal.
  public var id: Int64
  /// When it was made.
  public var at: Timestamp
  /// What it did, for people.
  public var description: String
  /// Whether it has been undone (and can be redone).
  public var isUndone: Bool
  /// Who made it, on a shared server (the role); `nil` on SQLite.
  public var user: String?
  /// Whether someone else made it (on a shared server), so that people are told who.
  public var isSomeoneElses: Bool
  /// The values it edited in place, before and after (see ``ValueEdit``).
  public var edits: [ValueEdit]

  /// Creates a journal entry.
  public init(
    id: Int64, at: Timestamp, description: String, isUndone: Bool, user: String? = nil,
    isSomeoneElses: Bool = false, edits: [ValueEdit] = []
  ) {
    self.id = id
    self.at = at
    self.description = description
    self.isUndone = isUndone
    self.user = user
    self.isSomeoneElses = isSomeoneElses
    self.edits = edits
  }
}
