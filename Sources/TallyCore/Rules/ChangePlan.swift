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
    case .addProject(let new, let at):
      try db.expectTitleFree(new.title, except: nil)
      let project = Project(
        id: ProjectID(rawValue: try db.nextID(of: .project)), title: new.title,
        units: new.units, frequency: new.frequency, kind: new.kind, decimals: new.decimals,
        goals: new.goal.map { [GoalSetting(since: at, goal: $0)] } ?? [], createdAt: at,
        updatedAt: at)
      return ChangePlan(
        change: .insertProject(project), message: "Created project \(project.title)")

    case .editProject(let id, let edit, let at):
      let before = try db.project(id)
      var after = before
      if let title = edit.title {
        try db.expectTitleFree(title, except: id)
        after.title = title
      }
      after.units = edit.units ?? after.units
      after.frequency = edit.frequency ?? after.frequency
      if let kind = edit.kind, kind != before.kind {
        after.kind = kind
        if kind == .meter { try MeterRule.checkBecomingMeter(before, in: db) }
      }
      if let decimals = edit.decimals { after.decimals = decimals.value }
      // A new goal holds from now on; the goals before stay, for the periods they judged.
      if let goal = edit.goal, goal.value != before.goal {
        after.goals.append(GoalSetting(since: at, goal: goal.value))
      }
      after.updatedAt = at
      var message = "Changed project \(after.title)"
      if after.kind != before.kind { message += "; it is a \(after.kind.rawValue) now" }
      if after.goals != before.goals {
        message +=
          after.goal.map { "; goal from now on: \($0.description(units: after.units))" }
          ?? "; no goal from now on"
      }
      return ChangePlan(change: .updateProject(before: before, after: after), message: message)

    case .deleteProject(let id, _):
      let project = try db.project(id)
      let readingCount = try db.readingCount(of: id)
      var changes: [Change] = []
      if let timer = try db.timer(of: id) { changes.append(.stopTimer(timer)) }
      // The readings are set aside, not copied into the journal: a project may hold millions.
      changes.append(.setAsideReadings(id))
      changes.append(.deleteProject(project))
      return ChangePlan(
        change: .batch(changes),
        message: "Deleted project \(project.title) and its \(readingCount) reading(s)")

    case .addReading(let new, let at):
      let project = try db.project(new.projectID)
      let reading = Reading(
        id: ReadingID(rawValue: try db.nextID(of: .reading)), projectID: project.id,
        amount: new.amount, timestamp: new.timestamp, note: new.note, isReset: new.isReset)
      try MeterRule.checkAdding(reading, to: project, in: db)
      return ChangePlan(
        change: .batch([.insertReadings([reading]), touch(project, at: at)]),
        message: "Added reading \(reading.id) to \(project.title): \(amount(reading, project))")

    case .editReading(let id, let edit, let at):
      let before = try db.reading(id)
      var after = before
      after.amount = edit.amount ?? after.amount
      after.timestamp = edit.timestamp ?? after.timestamp
      if let note = edit.note {
        after.note = note.isEmpty ? nil : note
      }
      after.isReset = edit.isReset ?? after.isReset
      let project = try db.project(after.projectID)
      // Only a reading that moves in time leaves its old place empty; one edited where it is
      // is checked against its neighbours as it will be.
      if after.timestamp != before.timestamp || after.projectID != before.projectID {
        try MeterRule.checkRemoving(before, from: project, in: db)
      }
      do {
        try MeterRule.checkAdding(after, to: project, in: db)
      } catch var refusal as TallyError where before.isReset && !after.isReset {
        refusal.hint =
          "Reading \(id) is marked as a reset, which lets it be lower than the one before it; "
          + "it needs the mark while its amount is lower."
        throw refusal
      }
      return ChangePlan(
        change: .batch([.updateReading(before: before, after: after), touch(project, at: at)]),
        message: "Changed reading \(id) of \(project.title)")

    case .deleteReading(let id, let at):
      let reading = try db.reading(id)
      let project = try db.project(reading.projectID)
      try MeterRule.checkRemoving(reading, from: project, in: db)
      return ChangePlan(
        change: .batch([.deleteReadings([reading]), touch(project, at: at)]),
        message: "Deleted reading \(id) of \(project.title): \(amount(reading, project))")

    case .startTimer(let id, let at):
      let project = try db.project(id)
      guard project.kind == .total else {
        throw TallyError(
          .invalidInput,
          "a timer records an amount of time into a total; \(project.title) is a "
            + "\(project.kind.rawValue), whose readings are levels, not amounts to add up",
          hint: "Time it in a project of its own: "
            + "`tally project add TITLE --frequency daily --units h`.")
      }
      if let running = try db.timer(of: id) {
        throw TallyError(
          .conflict,
          "a timer is already running for \(project.title) since \(running.startedAt)",
          hint: "Stop it first with `tally timer stop \(project.title)`.")
      }
      var message = "Started a timer for \(project.title)"
      if TimeUnit(naming: project.units) == nil {
        message +=
          "; its units"
          + (project.units.isEmpty ? " are not given" : " (\(project.units)) are not a time unit")
          + ", so stopping it records hours"
      }
      return ChangePlan(
        change: .startTimer(RunningTimer(projectID: id, startedAt: at)), message: message)

    case .stopTimer(let id, let note, let at):
      let (project, timer) = try runningTimer(of: id, stoppedAt: at, in: db)
      let reading = Reading(
        id: ReadingID(rawValue: try db.nextID(of: .reading)), projectID: id,
        amount: timer.elapsed(until: at, units: project.units), timestamp: timer.startedAt,
        note: note ?? "timer")
      try MeterRule.checkAdding(reading, to: project, in: db)
      return ChangePlan(
        change: .batch([.stopTimer(timer), .insertReadings([reading]), touch(project, at: at)]),
        message:
          "Stopped the timer for \(project.title) after "
          + "\(Duration.clock(timer.elapsedSeconds(until: at))) (h:mm): recorded "
          + (TimeUnit(naming: project.units) == nil
            ? "\(AmountFormat.plain(reading.amount)) hours" : amount(reading, project)))

    case .cancelTimer(let id, let at):
      let (project, timer) = try runningTimer(of: id, stoppedAt: at, in: db)
      // Like starting one, cancelling a timer leaves the project's readings, and so its
      // update time, as they were.
      return ChangePlan(
        change: .stopTimer(timer),
        message:
          "Cancelled the timer for \(project.title) after "
          + "\(Duration.clock(timer.elapsedSeconds(until: at))) (h:mm); nothing was recorded")

    case .undoImport(let id, let at):
      let batch = try db.importBatch(id)
      guard !batch.isUndone else {
        throw TallyError(
          .conflict, "import \(id) is already undone",
          hint:
            "`tally log` shows the change that took it out; undoing that change brings it back"
            + " (`tally undo` while it is the latest change).")
      }
      guard let project = try db.projectIfAny(batch.projectID) else {
        throw TallyError(
          .conflict, "the project of import \(id) has been deleted",
          hint: "`tally undo` the deletion first.")
      }
      return ChangePlan(
        change: .batch([.setAsideImport(batch), touch(project, at: at)]),
        message:
          "Took out import \(id) (\(batch.fileName)): \(batch.imported) reading(s) from \(project.title)"
      )

    case .undo, .redo, .importReadings:
      throw TallyError(.invalidInput, "undo, redo and imports are not changes to plan")
    }
  }

  /// The project and its running timer, which must have started by `at`.
  private static func runningTimer(
    of id: ProjectID, stoppedAt at: Timestamp, in db: some StoredFacts
  ) throws -> (Project, RunningTimer) {
    let project = try db.project(id)
    guard let timer = try db.timer(of: id) else {
      throw TallyError(
        .conflict, "no timer is running for \(project.title)",
        hint: "Start one with `tally timer start \(project.title)`.")
    }
    guard at >= timer.startedAt else {
      throw TallyError(
        .invalidInput,
        "the timer for \(project.title) started at \(timer.startedAt), after the stop time \(at)")
    }
    return (project, timer)
  }

  /// Marks a project as changed at `at`.
  public static func touch(_ project: Project, at: Timestamp) -> Change {
    var after = project
    after.updatedAt = at
    return .updateProject(before: project, after: after)
  }

  private static func amount(_ reading: Reading, _ project: Project) -> String {
    let number = AmountFormat.plain(reading.amount)
    return project.units.isEmpty ? number : "\(number) \(project.units)"
  }
}

extension StoredFacts {
  /// Fails when another project than `except` has `title`, ignoring case.
  fileprivate func expectTitleFree(_ title: String, except: ProjectID?) throws {
    guard let other = try project(titled: title), other.id != except else { return }
    throw TallyError(
      .conflict, "a project titled \(VisibleText.quoted(other.title)) already exists",
      hint: "Titles are unique, ignoring case; choose another.")
  }

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
