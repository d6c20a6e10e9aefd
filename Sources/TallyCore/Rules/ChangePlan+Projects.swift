extension ChangePlan {
  /// A new project, under a title no other project has (ignoring case).
  static func addProject(_ new: NewProject, at: Timestamp, in db: some StoredFacts) throws
    -> ChangePlan
  {
    try db.expectTitleFree(new.title, except: nil)
    let project = Project(
      id: ProjectID(rawValue: try db.nextID(of: .project)), title: new.title,
      units: new.units, frequency: new.frequency, kind: new.kind, decimals: new.decimals,
      goals: new.goal.map { [GoalSetting(since: at, goal: $0, from: new.goalSince)] } ?? [],
      group: new.group, createdAt: at, updatedAt: at)
    return ChangePlan(
      change: .insertProject(project), message: "Created project \(project.title)")
  }

  /// A project's new settings: a new title must be free, a project becoming a meter must
  /// have readings that never fall, and a new goal holds from `at` on.
  static func editProject(
    _ id: ProjectID, _ edit: ProjectEdit, at: Timestamp, in db: some StoredFacts
  ) throws -> ChangePlan {
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
    if let group = edit.group { after.group = group.value }
    // A new goal holds from now on (or from --goal-since); the goals before stay, for the
    // periods they judged.
    if let since = edit.goalSince {
      let goal = edit.goal.map(\.value) ?? before.goal
      guard goal != nil else {
        throw TallyError(
          .invalidInput,
          "--goal-since gives the start of a goal, and \(before.title) would have none: give one "
            + "with --goal")
      }
      if goal == before.goal, let current = after.goals.lastIndex(where: { $0.goal != goal }) {
        // The same goal from another start: the settings that made it current become one,
        // which judges from there.
        let first = after.goals[current + 1]
        after.goals.replaceSubrange(
          (current + 1)..., with: [GoalSetting(since: first.since, goal: goal, from: since)])
      } else if goal == before.goal, let first = after.goals.first {
        after.goals = [GoalSetting(since: first.since, goal: goal, from: since)]
      } else {
        after.goals.append(GoalSetting(since: at, goal: goal, from: since))
      }
    } else if let goal = edit.goal, goal.value != before.goal {
      after.goals.append(GoalSetting(since: at, goal: goal.value))
    }
    guard after != before else {
      return nothingChanged(
        "project \(before.title)", .updateProject(before: before, after: before))
    }
    after.updatedAt = at
    var message = "Changed project \(after.title)"
    if after.kind != before.kind { message += "; it is a \(after.kind.rawValue) now" }
    if after.group != before.group {
      message += after.group.map { "; in group \($0)" } ?? "; in no group now"
    }
    if after.goals != before.goals {
      message += Self.goalNews(after)
    }
    return ChangePlan(change: .updateProject(before: before, after: after), message: message)
  }

  /// What a goal setting just made means: from when its goal judges.
  static func goalNews(_ project: Project) -> String {
    guard let goal = project.goal else { return "; no goal from now on" }
    let described = goal.description(for: project)
    guard let last = project.goals.last, let start = project.goals.judgingStarts.last else {
      return ""
    }
    if start == nil { return "; goal: \(described), judging every period" }
    if last.from != nil { return "; goal from the --goal-since date on: \(described)" }
    return "; goal from now on: \(described)"
  }

  /// A project's deletion, with its readings (set aside) and its running timer.
  static func deleteProject(_ id: ProjectID, in db: some StoredFacts) throws -> ChangePlan {
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
}
