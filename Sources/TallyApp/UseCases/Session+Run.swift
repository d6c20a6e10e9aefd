public import TallyCore
import TallyReports

extension Session {
  /// Carries out what a person asked for, from either front door.
  ///
  /// - Returns: `false` when it failed and said why itself (a dry run that found invalid
  ///   rows), so that the exit code is 1 without a second message; otherwise `true`.
  /// - Throws: ``TallyError`` when it cannot be done; nothing was changed then.
  @discardableResult
  public func run(_ request: UserRequest) throws(TallyError) -> Bool {
    switch request {
    case .addProject(var project, let goalSince):
      project.goalSince = try goalSince.map { text throws(TallyError) in
        try goalStart(text, per: project.goal?.per)
      }
      // A project joining a group takes the spelling the group has.
      project.group = project.group.map { store.state.groupSpelling($0) }
      let since = project.goalSince.map { echo(of: $0, typed: goalSince) } ?? ""
      messages.status(try perform(.addProject(project, at: now)) + since)
    case .listProjects(let format):
      let projects = store.state.stored.projects
      // Only the table draws sparklines.
      let trends =
        format == .table
        ? try StandingQuery(storage: storage, zone: zone, clock: clock).trends(of: projects) : [:]
      ProjectListing(projects: projects, zone: zone, trends: trends, display: display)
        .write(format, to: OutputBuffer(messages))
    case .showDue(let format, let exitCode):
      let query = StandingQuery(storage: storage, zone: zone, clock: clock)
      let due = try query.due(store.state.stored.projects)
      DueListing(due: due, zone: zone, width: display.width).write(
        format, to: OutputBuffer(messages))
      if exitCode, !due.isEmpty { needsAttention = true }
    case .showGoals(let format, let exitCode):
      let query = StandingQuery(storage: storage, zone: zone, clock: clock)
      let goals = try query.goals(of: store.state.stored.projects)
      GoalListing(goals: goals, width: display.width).write(format, to: OutputBuffer(messages))
      if exitCode, goals.contains(where: { $0.state == .atRisk || $0.state == .missed }) {
        needsAttention = true
      }
    case .writeMetrics(let output):
      try writeMetrics(to: output)
    case .editProject(let title, var edit, let goal):
      let project = try project(titled: title).project
      if let goal {
        edit.goal = try goal.edit(
          of: project.goal, frequency: edit.frequency ?? project.frequency,
          units: edit.units ?? project.units)
        // The goal's length from then: the one set, none when it is removed, else the one
        // there is (--goal-since alone starts it again).
        let per = edit.goal.map { $0.value?.per } ?? project.goal?.per
        edit.goalSince = try goal.since.map { text throws(TallyError) in
          try goalStart(text, per: per)
        }
        // --goal-since alone starts the current goal again from that instant.
        if goal.amount == nil, goal.per == nil, goal.direction == nil, !goal.removes {
          edit.goal = nil
        }
      }
      if case .set(let group) = edit.group {
        edit.group = .set(store.state.groupSpelling(group, except: project.id))
      }
      let since = edit.goalSince.map { echo(of: $0, typed: goal?.since) } ?? ""
      messages.status(try perform(.editProject(project.id, edit, at: now)) + since)
    case .deleteProject(let title, let confirmed):
      try deleteProject(titled: title, confirmed: confirmed)
    case .addReading(let title, let amount, let at, let note, let reset, let tags):
      let project = try project(titled: title)
      let reading = NewReading(
        projectID: project.id, amount: try Self.amount(amount, units: project.project.units),
        timestamp: try timestamp(at, for: "--at"), note: note, isReset: reset, tags: tags)
      messages.status(
        try perform(.addReading(reading, at: now)) + echo(of: reading.timestamp, typed: at))
    case .listReadings(let title, let range, let format, let filter, let last):
      try listReadings(of: title, range, format, filter, last: last)
    case .showReading(let id, let format):
      try showReading(id, format)
    case .editReading(let id, let amount, let at, let note, let reset, let tags):
      let edit = ReadingEdit(
        amount: try amount.map { input throws(TallyError) in
          try readingAmount(input, of: id)
        },
        timestamp: try at.map { text throws(TallyError) in
          try timestamp(text, for: "--at")
        }, note: note, isReset: reset, tags: tags.tags, addedTags: tags.addedTags,
        removedTags: tags.removedTags)
      messages.status(
        try perform(.editReading(id, edit, at: now))
          + (edit.timestamp.map { echo(of: $0, typed: at) } ?? ""))
    case .deleteReading(let id, let confirmed):
      try deleteReading(id, confirmed: confirmed)
    // A timer's messages name the instant an --at named (`at 2024-03-01 09:00`).
    case .startTimer(let title, let note, let tags, let at):
      let since = try at.map { text throws(TallyError) in try timestamp(text, for: "--at") }
      messages.status(
        try perform(
          .startTimer(
            try project(titled: title).id, note: note, tags: tags, at: now, since: since)))
    case .stopTimer(let title, let note, let tags, let at):
      let until = try at.map { text throws(TallyError) in try timestamp(text, for: "--at") }
      messages.status(
        try perform(
          .stopTimer(
            try runningTimerProject(title), note: note, at: now, zone: zone, tags: tags,
            until: until)))
    case .resumeTimer(let title, let note, let tags, let at):
      let since = try at.map { text throws(TallyError) in try timestamp(text, for: "--at") }
      let id = try resumedProject(title)
      let last = Self.carried(from: note == nil || tags == nil ? try newestReading(of: id) : nil)
      messages.status(
        try perform(
          .startTimer(
            id, note: note ?? last.note, tags: tags ?? last.tags, at: now, since: since)))
    case .switchTimer(let title, let note, let tags, let at):
      let until = try at.map { text throws(TallyError) in try timestamp(text, for: "--at") }
      messages.status(
        try perform(
          .switchTimer(
            to: try project(titled: title).id,
            stopping: store.state.stored.timers.map(\.projectID), note: note, at: now,
            zone: zone, tags: tags, until: until)))
    case .trackTime(let title, let interval, let from, let to, let note, let tags):
      try trackTime(title, interval: interval, from: from, to: to, note: note, tags: tags)
    case .cancelTimer(let title):
      messages.status(
        try perform(.cancelTimer(try runningTimerProject(title, doing: "cancel"), at: now)))
    case .showTimers(let format):
      showTimers(format)
    case .showSummary(let period, let date, let format):
      try showSummary(period, of: date, format)
    case .undo:
      messages.status(try perform(.undo(at: now)))
    case .redo:
      messages.status(try perform(.redo(at: now)))
    case .showLog(let limit, let format):
      try showLog(limit: limit, format)
    case .importFile(let request):
      return try importFile(request)
    case .listImports(let format):
      try listImports(format)
    case .undoImport(let id):
      messages.status(try perform(.undoImport(id, at: now)))
    case .report(let request):
      try report(request)
    case .export(let format, let filter, let projects):
      // The readings first: the settings file is written only once they are out whole.
      try export(format, filter)
      if let projects, messages.outputProblem() == nil { try writeProjectSettings(to: projects) }
    }
    return true
  }

  /// An amount as typed, in a project's `units`.
  ///
  /// - Throws: ``TallyError`` for a duration when the units are not a unit of time.
  private static func amount(_ input: AmountInput, units: String) throws(TallyError) -> Double {
    do {
      return try input.amount(inUnits: units)
    } catch {
      throw TallyError(.invalidInput, "amount \(error)")
    }
  }

  /// A new amount for reading `id`: a duration in the units of its project.
  private func readingAmount(_ input: AmountInput, of id: ReadingID) throws(TallyError) -> Double {
    guard case .duration = input else { return try Self.amount(input, units: "") }
    return try Self.amount(input, units: try project(of: try storage.reading(id)).units)
  }

  /// `--goal-since` as an instant: one that has come, since a goal judges periods that began.
  private func goalStart(_ text: String, per: Frequency?) throws(TallyError) -> Timestamp {
    let start = try timestamp(text, for: "--goal-since")
    guard start <= now else {
      throw TallyError(
        .invalidInput,
        "--goal-since \(text) is after now (\(TimestampFormat.local(now, in: zone))): a goal "
          + "judges from a period that has begun")
    }
    // Every period from then on is judged, by every report of the project (and `report --all`
    // of everyone who reads it): no more than a report lists, counted as a report counts them
    // (from the period holding the start to the end of the running one).
    if let per {
      let calendar = PeriodCalendar(period: per, zone: zone)
      let judged = calendar.estimatedCount(
        from: calendar.period(containing: start).start, to: calendar.period(containing: now).end)
      if judged > ReportBuilder.maximumEmptyPeriods {
        throw TallyError(
          .invalidInput,
          "--goal-since \(text) would have the goal judge about \(judged) \(per.rawValue) "
            + "periods; at most \(ReportBuilder.maximumEmptyPeriods) are judged",
          hint: "Choose a later --goal-since, or a longer --goal-per.")
      }
    }
    return start
  }
}
