/// What a request will write, decided by tally's rules from the stored rows as they are: titles
/// are unique ignoring case, a project has at most one timer, a timer stops after it started,
/// a change to a project's readings touches the project, an import is undone once.
///
/// The rules are pure: they read through ``StoredFacts`` and return the ``Change`` that a
/// storage then applies and journals, inside the one transaction that read the facts.
public struct ChangePlan: Equatable, Sendable {
  /// The change to apply.
  public var change: Change
  /// What it does, for people.
  public var message: String

  /// Creates a plan.
  public init(change: Change, message: String) {
    self.change = change
    self.message = message
  }

  /// Plans `request`, which must be validated and must not be undo, redo or an import
  /// (which a storage carries out row by row).
  ///
  /// - Parameters:
  ///   - request: What to do.
  ///   - db: The stored rows, as the request's transaction sees them.
  /// - Returns: The change and its message.
  /// - Throws: ``TallyError`` when the request names what does not exist or contradicts
  ///   what is stored; what `db` throws.
  public static func plan(_ request: Request, in db: some StoredFacts) throws -> ChangePlan {
    switch request {
    case .addProject(let new, let at): try addProject(new, at: at, in: db)
    case .editProject(let id, let edit, let at): try editProject(id, edit, at: at, in: db)
    case .deleteProject(let id, _): try deleteProject(id, in: db)
    case .addReading(let new, let at): try addReading(new, at: at, in: db)
    case .editReading(let id, let edit, let at): try editReading(id, edit, at: at, in: db)
    case .deleteReading(let id, let at): try deleteReading(id, at: at, in: db)
    case .startTimer(let id, let note, let tags, let at, let since):
      try startTimer(id, note: note, tags: tags, since: since ?? at, at: at, in: db)
    case .stopTimer(let id, let note, let at, let zone, let tags, let until):
      try stopTimer(
        id, TimerReadings(note: note, tags: tags, until: until ?? at, zone: zone), at: at, in: db)
    case .switchTimer(let id, let stopping, let note, let at, let zone, let tags, let until):
      try switchTimer(
        to: id, note: note, tags: tags, stopping: stopping,
        TimerReadings(note: nil, until: until ?? at, zone: zone), at: at, in: db)
    case .trackTime(let id, let from, let to, let note, let tags, let at, let zone):
      try trackTime(
        id, from: from, TimerReadings(note: note ?? "tracked", tags: tags, until: to, zone: zone),
        at: at, in: db)
    case .cancelTimer(let id, let at): try cancelTimer(id, at: at, in: db)
    case .undoImport(let id, let at): try undoImport(id, at: at, in: db)
    case .undo, .redo:
      throw TallyError(.invalidInput, "undo and redo are not changes to plan")
    }
  }

  /// The plan of an edit that would leave `what` as it is: `unchanged` updates a row to what
  /// it holds (see ``Change/isNothing``), so that it is neither written nor recorded, while
  /// a server still asks for the access the edit needs.
  static func nothingChanged(_ what: String, _ unchanged: Change) -> ChangePlan {
    ChangePlan(change: unchanged, message: "Nothing changed: \(what) is already as asked")
  }

  /// Marks a project as changed at `at`.
  public static func touch(_ project: Project, at: Timestamp) -> Change {
    var after = project
    after.updatedAt = at
    return .updateProject(before: project, after: after)
  }

  /// A reading's amount in its project's units, for messages.
  static func amount(_ reading: Reading, _ project: Project) -> String {
    project.shownWithUnits(reading.amount)
  }
}

extension StoredFacts {
  /// The project with id `id`.
  ///
  /// - Throws: ``TallyError`` `.notFound` when there is none.
  public func project(_ id: ProjectID) throws -> Project {
    guard let project = try projectIfAny(id) else {
      throw TallyError(.notFound, "there is no project \(id)")
    }
    return project
  }
}
