import TallyCore

/// A plain in-memory account of what tally should store, written independently of the
/// database code: undo and redo restore whole copies of the data instead of replaying the
/// journal's inverse changes.
struct ReferenceModel: Equatable {
  struct Data: Equatable {
    var projects: [ProjectID: Project] = [:]
    var readings: [ReadingID: Reading] = [:]
    var timers: [ProjectID: Timer] = [:]
  }

  /// A running timer: when it started, and the note and tags given then.
  struct Timer: Equatable {
    var start: Timestamp
    var note: String?
    var tags: [String]
  }

  var data = Data()
  private var undoStack: [Data] = []
  private var redoStack: [Data] = []
  private var lastProjectID: Int64 = 0
  private var lastReadingID: Int64 = 0

  /// Applies `request`; returns whether it should succeed.
  mutating func apply(_ request: Request) -> Bool {
    let before = data
    switch request {
    case .undo:
      guard let previous = undoStack.popLast() else { return false }
      redoStack.append(data)
      data = previous
      return true
    case .redo:
      guard let next = redoStack.popLast() else { return false }
      undoStack.append(data)
      data = next
      return true
    default:
      guard change(request) else {
        data = before
        return false
      }
      // Nothing to record: undo and redo are as they were.
      if data == before { return true }
      undoStack.append(before)
      redoStack.removeAll()
      return true
    }
  }

  private mutating func change(_ request: Request) -> Bool {
    switch request {
    case .addProject(let new, let at):
      guard !titleTaken(new.title, except: nil) else { return false }
      lastProjectID += 1
      let id = ProjectID(rawValue: lastProjectID)
      data.projects[id] = Project(
        id: id, title: new.title, units: new.units, frequency: new.frequency, createdAt: at,
        updatedAt: at)
    case .editProject(let id, let edit, let at):
      guard var project = data.projects[id] else { return false }
      if let title = edit.title {
        guard !titleTaken(title, except: id) else { return false }
        project.title = title
      }
      project.units = edit.units ?? project.units
      project.frequency = edit.frequency ?? project.frequency
      guard project != data.projects[id] else { return true }
      project.updatedAt = at
      data.projects[id] = project
    case .deleteProject(let id, _):
      guard data.projects.removeValue(forKey: id) != nil else { return false }
      data.readings = data.readings.filter { $0.value.projectID != id }
      data.timers[id] = nil
    case .addReading(let new, let at):
      guard data.projects[new.projectID] != nil else { return false }
      lastReadingID += 1
      let id = ReadingID(rawValue: lastReadingID)
      data.readings[id] = Reading(
        id: id, projectID: new.projectID, amount: new.amount, timestamp: new.timestamp,
        note: new.note, tags: new.tags)
      data.projects[new.projectID]?.updatedAt = at
    case .editReading(let id, let edit, let at):
      guard var reading = data.readings[id] else { return false }
      reading.amount = edit.amount ?? reading.amount
      reading.timestamp = edit.timestamp ?? reading.timestamp
      if let note = edit.note { reading.note = note.isEmpty ? nil : note }
      // Replaced, then added to, then taken from; kept sorted without repeats.
      var tags = edit.tags ?? reading.tags
      for tag in edit.addedTags where !tags.contains(tag) { tags.append(tag) }
      tags.removeAll { edit.removedTags.contains($0) }
      reading.tags = tags.sorted()
      // An edit that asks for what is there changes nothing, not even the project's time.
      guard reading != data.readings[id] else { return true }
      data.readings[id] = reading
      data.projects[reading.projectID]?.updatedAt = at
    case .deleteReading(let id, let at):
      guard let reading = data.readings.removeValue(forKey: id) else { return false }
      data.projects[reading.projectID]?.updatedAt = at
    case .startTimer(let id, let note, let tags, let at, let since):
      // Only units of time are timed (of the units the generator makes: min, s and h).
      guard let project = data.projects[id], ["min", "s", "h"].contains(project.units),
        data.timers[id] == nil, (since ?? at) <= at
      else { return false }
      data.timers[id] = Timer(start: since ?? at, note: note, tags: Array(Set(tags)).sorted())
    case .stopTimer(let id, let note, let at, _, let tags, let until):
      let stop = until ?? at
      // Only into units of time: units edited to others while it ran refuse the stop.
      guard let project = data.projects[id], ["min", "s", "h"].contains(project.units),
        let timer = data.timers[id], timer.start <= stop, stop <= at
      else { return false }
      data.timers[id] = nil
      // The note given, or the timer's; the timer's tags and those given.
      record(
        id, from: timer.start, to: stop, note: note ?? timer.note ?? "timer",
        tags: Array(Set(timer.tags + tags)).sorted(), at: at)
    case .switchTimer(let id, let stopping, let note, let at, _, let tags, let until):
      let stop = until ?? at
      // A timer whose project's units are no longer time is left running.
      let stopped = stopping.filter {
        $0 != id && ["min", "s", "h"].contains(data.projects[$0]?.units ?? "")
      }
      guard let project = data.projects[id], ["min", "s", "h"].contains(project.units),
        data.timers[id] == nil, stop <= at,
        stopped.allSatisfy({ data.timers[$0].map { $0.start <= stop } ?? false })
      else { return false }
      // Each stopped timer's readings carry its own note and tags; the new one gets these.
      for other in stopped {
        guard let timer = data.timers.removeValue(forKey: other) else { continue }
        record(
          other, from: timer.start, to: stop, note: timer.note ?? "timer", tags: timer.tags,
          at: at)
      }
      data.timers[id] = Timer(start: stop, note: note, tags: Array(Set(tags)).sorted())
    case .trackTime(let id, let from, let to, let note, let tags, let at, _):
      guard let project = data.projects[id], ["min", "s", "h"].contains(project.units),
        from < to, to <= at, data.timers[id].map({ to <= $0.start }) ?? true
      else { return false }
      record(
        id, from: from, to: to, note: note ?? "tracked", tags: Array(Set(tags)).sorted(), at: at)
    case .cancelTimer(let id, _):
      guard data.projects[id] != nil, data.timers.removeValue(forKey: id) != nil else {
        return false
      }
    case .undo, .redo, .undoImport:
      return false
    }
    return true
  }

  /// A timer's run from `from` to `to`, as readings: whole seconds, in the project's unit of
  /// time (hours unless minutes or seconds), one reading per UTC day: the cut at each midnight
  /// rounded to the second from the start.
  private mutating func record(
    _ id: ProjectID, from start: Timestamp, to stop: Timestamp, note: String, tags: [String],
    at: Timestamp
  ) {
    guard let project = data.projects[id] else { return }
    let unit: Double =
      switch project.units {
      case "min": 60
      case "s": 1
      default: 3_600
      }
    let day: Int64 = 86_400_000_000
    let from = start.microsecondsSince1970
    let to = stop.microsecondsSince1970
    func roundedSeconds(_ microseconds: Int64) -> Int64 {
      Int64((Double(microseconds) / 1e6).rounded())
    }
    var cuts = [from]
    var midnight = (from / day + (from % day > 0 ? 1 : 0)) * day
    if midnight == from { midnight += day }
    while midnight < to {
      cuts.append(midnight)
      midnight += day
    }
    cuts.append(to)
    var parts: [(Int64, Int64)] = []
    for index in 0..<(cuts.count - 1) {
      let seconds = roundedSeconds(cuts[index + 1] - from) - roundedSeconds(cuts[index] - from)
      if seconds > 0 { parts.append((cuts[index], seconds)) }
    }
    if parts.isEmpty { parts = [(from, roundedSeconds(to - from))] }
    for (partStart, seconds) in parts {
      lastReadingID += 1
      let readingID = ReadingID(rawValue: lastReadingID)
      data.readings[readingID] = Reading(
        id: readingID, projectID: id, amount: Double(seconds) / unit,
        timestamp: Timestamp(microsecondsSince1970: partStart), note: note, tags: tags)
    }
    data.projects[id]?.updatedAt = at
  }

  private func titleTaken(_ title: String, except: ProjectID?) -> Bool {
    data.projects.values.contains {
      $0.id != except && Project.titleKey($0.title) == Project.titleKey(title)
    }
  }

  /// The project list as tally shows it.
  var summaries: [ProjectSummary] {
    data.projects.values.map { project in
      let readings = data.readings.values.filter { $0.projectID == project.id }
      return ProjectSummary(
        project: project, readingCount: readings.count,
        lastReadingAt: readings.map(\.timestamp).max())
    }
    .sorted {
      ($0.project.updatedAt, $0.id.rawValue) > ($1.project.updatedAt, $1.id.rawValue)
    }
  }

  var timers: [RunningTimer] {
    data.timers.map {
      RunningTimer(
        projectID: $0.key, startedAt: $0.value.start, note: $0.value.note, tags: $0.value.tags)
    }
    .sorted { $0.projectID < $1.projectID }
  }
}
