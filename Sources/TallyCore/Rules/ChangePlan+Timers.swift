public import Foundation

/// How a timer's run is recorded: the note and tags of its readings, when it stops, and the
/// zone whose midnights cut it into days.
public struct TimerReadings: Equatable, Sendable {
  /// The readings' note; when `nil`, the timer's own, or "timer".
  public var note: String?
  /// Tags the readings carry besides the timer's own.
  public var tags: [String]
  /// When the run ends.
  public var until: Timestamp
  /// The zone whose days the run is cut into.
  public var zone: TimeZone

  /// Creates how a run is recorded.
  public init(note: String?, tags: [String] = [], until: Timestamp, zone: TimeZone) {
    self.note = note
    self.tags = tags
    self.until = until
    self.zone = zone
  }
}

extension ChangePlan {
  /// A timer for a total project that has none running, started at `since`, whose readings
  /// are to carry `note` and `tags`.
  static func startTimer(
    _ id: ProjectID, note: String? = nil, tags: [String] = [], since: Timestamp, at: Timestamp,
    in db: some StoredFacts
  ) throws -> ChangePlan {
    let project = try timedProject(id, in: db)
    if let running = try db.timer(of: id) {
      throw TallyError(
        .conflict,
        "a timer is already running for \(project.title) since "
          + TimestampFormat.iso8601(running.startedAt, in: db.zone),
        hint: "Stop it first with `tally timer stop \(project.title)`.")
    }
    try checkPast(since, as: "the start", at: at, in: db)
    try checkSpan(from: since, to: at, in: db)
    let started = since == at ? "" : " at \(TimestampFormat.local(since, in: db.zone))"
    let tagged = tags.isEmpty ? "" : ", tagged \(Tags.listed(tags))"
    return ChangePlan(
      change: .startTimer(
        RunningTimer(projectID: id, startedAt: since, note: note, tags: tags)),
      message: "Started a timer for \(project.title)\(started)\(tagged)")
  }

  /// Whether a timer's time may be recorded into `project`: a total whose units are a unit of
  /// time.
  private static func isTimed(_ project: Project) -> Bool {
    project.kind == .total && TimeUnit(naming: project.units) != nil
  }

  /// The project a timer or a tracked interval records into: a total whose units are a unit
  /// of time.
  private static func timedProject(_ id: ProjectID, in db: some StoredFacts) throws -> Project {
    let project = try db.project(id)
    guard project.kind == .total else {
      throw TallyError(
        .invalidInput,
        "a timer records an amount of time into a total; \(project.title) is a "
          + "\(project.kind.rawValue), whose readings are levels, not amounts to add up",
        hint: "Time it in a project of its own: "
          + "`tally project add TITLE --frequency daily --units h`.")
    }
    guard TimeUnit(naming: project.units) != nil else {
      throw TallyError(
        .invalidInput,
        "a timer records time; the units of \(project.title) "
          + (project.units.isEmpty ? "are not given" : "(\(project.units)) are not a unit of time"),
        hint: "Time it in a project whose units are h, min or s "
          + "(`tally project add TITLE --frequency daily --units h`), or give this one such units "
          + "(`tally project edit \(project.title) --units h`).")
    }
    return project
  }

  /// Refuses an instant after the request's own time: a run that has not happened yet.
  private static func checkPast(
    _ instant: Timestamp, as name: String, at: Timestamp, in db: some StoredFacts
  ) throws {
    guard instant <= at else {
      let (instant, now) = TimestampFormat.localApart(instant, at, in: db.zone)
      throw TallyError(
        .invalidInput,
        "\(name) \(instant) is after now (\(now)): a timer records time that has passed")
    }
  }

  /// The running timer stopped at `run.until`, and a reading of the time it ran on each day of
  /// `run.zone` it touched (see ``RunningTimer/days(until:in:)``), all with the same note and
  /// tags, as one change.
  ///
  /// A project that is no timed total any more (its kind or units changed while the timer ran)
  /// is refused: its readings would not be time.
  static func stopTimer(
    _ id: ProjectID, _ run: TimerReadings, at: Timestamp, in db: some StoredFacts
  ) throws -> ChangePlan {
    let (project, timer) = try runningTimer(of: id, stoppedAt: run.until, in: db)
    try checkPast(run.until, as: "the stop", at: at, in: db)
    let stop = try stopped([(project, timer)], run, at: at, in: db)
    return ChangePlan(change: .batch(stop.changes), message: stop.messages.joined(separator: "; "))
  }

  /// The timers of `stopping` stopped at `run.until` as ``stopTimer(_:_:at:in:)`` stops them,
  /// and the project's started at that instant with `note` and `tags`: one change, so one undo
  /// takes it all back.
  ///
  /// A timer whose project is no timed total (its units or kind changed while it ran, or a row
  /// written through SQL) is left running: it records nothing, and `timer cancel` ends it.
  static func switchTimer(
    to id: ProjectID, note: String?, tags: [String], stopping: [ProjectID], _ run: TimerReadings,
    at: Timestamp, in db: some StoredFacts
  ) throws -> ChangePlan {
    let timers = try stopping.filter { try $0 != id && isTimed(db.project($0)) }
      .map { try runningTimer(of: $0, stoppedAt: run.until, in: db) }
    try checkPast(run.until, as: "the switch", at: at, in: db)
    let start = try startTimer(id, note: note, tags: tags, since: run.until, at: at, in: db)
    guard !timers.isEmpty else { return start }
    let stop = try stopped(timers, run, at: at, in: db)
    return ChangePlan(
      change: .batch(stop.changes + [start.change]),
      message: (stop.messages + [start.message]).joined(separator: "; "))
  }

  /// An interval that is over, `from` to `run.until`, recorded as a timer that ran then.
  ///
  /// It makes one reading per day it touched. It may not overlap the project's running timer,
  /// whose run would record the same time again.
  static func trackTime(
    _ id: ProjectID, from: Timestamp, _ run: TimerReadings, at: Timestamp,
    in db: some StoredFacts
  ) throws -> ChangePlan {
    let project = try timedProject(id, in: db)
    let zone = db.zone
    try checkPast(from, as: "the interval's start", at: at, in: db)
    let (start, end) = TimestampFormat.localApart(from, run.until, in: zone)
    guard from < run.until else {
      throw TallyError(
        .invalidInput, "the interval's start \(start) is not before its end \(end)")
    }
    try checkPast(run.until, as: "the interval's end", at: at, in: db)
    try checkSpan(from: from, to: run.until, isTracked: true, in: db)
    if let running = try db.timer(of: id), run.until > running.startedAt {
      let (end, since) = TimestampFormat.localApart(run.until, running.startedAt, in: zone)
      throw TallyError(
        .conflict,
        "the interval from \(start) to \(end) overlaps the timer running for "
          + "\(project.title) since \(since)",
        hint: "Stop the timer with `tally timer stop \(project.title) --at TIME`, or track "
          + "time that ends before it started.")
    }
    let timer = RunningTimer(projectID: id, startedAt: from)
    let readings = try timerReadings([(project, timer)], run, in: db)
    guard !readings[0].isEmpty else {
      throw TallyError(
        .invalidInput,
        "the interval from \(start) to \(end) lasts under half a second: there is no whole "
          + "second to record")
    }
    let message =
      "Tracked \(Duration.elapsed(timer.elapsedSeconds(until: run.until))) for \(project.title) "
      + "from \(start) to \(end): recorded "
      + recorded(readings[0], of: project, zone: run.zone)
    return ChangePlan(
      change: .batch([.insertReadings(readings[0]), touch(project, at: at)]), message: message)
  }

  /// Refuses a run longer than ``RunningTimer/mostDays`` days: a timer's, or a tracked
  /// interval's (`isTracked`).
  private static func checkSpan(
    from start: Timestamp, to end: Timestamp, isTracked: Bool = false, in db: some StoredFacts
  ) throws {
    guard start.seconds(until: end) > Double(RunningTimer.mostDays - 1) * 86_400 else { return }
    throw TallyError(
      .invalidInput,
      (isTracked ? "the interval" : "a timer's run")
        + " from \(TimestampFormat.local(start, in: db.zone)) to "
        + "\(TimestampFormat.local(end, in: db.zone)) is longer than a year, which tally cuts "
        + "into no more than \(RunningTimer.mostDays) days' readings",
      hint: isTracked
        ? "Track it in parts of a year or less, or record it with "
          + "`tally item add TITLE AMOUNT --at TIME` or an import."
        : "Record older time with `tally item add TITLE AMOUNT --at TIME` or an import; "
          + "a timer left running that long is cancelled with `tally timer cancel TITLE`.")
  }

  /// The changes and messages of stopping `timers` at `run.until`.
  private static func stopped(
    _ timers: [(Project, RunningTimer)], _ run: TimerReadings, at: Timestamp,
    in db: some StoredFacts
  ) throws -> (changes: [Change], messages: [String]) {
    for (project, timer) in timers {
      guard isTimed(project) else {
        throw TallyError(
          .invalidInput,
          "the timer of \(project.title) cannot record its time: "
            + (project.kind == .total
              ? "the project's units (\(project.units)) are not a unit of time"
              : "\(project.title) is a \(project.kind.rawValue), whose readings are levels, not "
                + "amounts of time"),
          hint: "Cancel it with `tally timer cancel \(project.title)`, or give the project a unit "
            + "of time first (`tally project edit \(project.title) --units h`).")
      }
      try checkSpan(from: timer.startedAt, to: run.until, in: db)
    }
    let readings = try timerReadings(timers, run, in: db)
    var changes: [Change] = []
    var messages: [String] = []
    for ((project, timer), readings) in zip(timers, readings) {
      let stopped =
        "Stopped the timer for \(project.title)"
        + (run.until == at ? "" : " at \(TimestampFormat.local(run.until, in: db.zone))")
        + " after \(Duration.elapsed(timer.elapsedSeconds(until: run.until)))"
      // A run under half a second is no time: a reading of 0 would count as a day tracked.
      guard !readings.isEmpty else {
        changes.append(.stopTimer(timer))
        messages.append(stopped + ": it ran under half a second, so nothing was recorded")
        continue
      }
      changes += [.stopTimer(timer), .insertReadings(readings), touch(project, at: at)]
      messages.append(stopped + ": recorded " + recorded(readings, of: project, zone: run.zone))
    }
    return (changes, messages)
  }

  /// Each timer's readings, the run cut into days, with ids that differ across all of them:
  /// with the note of `run`, or else the timer's, or "timer"; with the timer's tags and those
  /// of `run`.
  private static func timerReadings(
    _ timers: [(Project, RunningTimer)], _ run: TimerReadings, in db: some StoredFacts
  ) throws -> [[Reading]] {
    let parts = timers.map { _, timer in timer.days(until: run.until, in: run.zone) }
    var ids = try db.nextIDs(of: .reading, count: parts.reduce(0) { $0 + $1.count })[...]
    var result: [[Reading]] = []
    for ((project, timer), parts) in zip(timers, parts) {
      let unit = TimeUnit(units: project.units).seconds
      let note = run.note ?? timer.note ?? "timer"
      let tags = try timerTags(timer, run, of: project)
      let readings = zip(ids.prefix(parts.count), parts).map { id, part in
        Reading(
          id: ReadingID(rawValue: id), projectID: project.id,
          amount: Double(part.seconds) / unit, timestamp: part.start, note: note, tags: tags)
      }
      ids = ids.dropFirst(parts.count)
      for reading in readings { try MeterRule.checkAdding(reading, to: project, in: db) }
      result.append(readings)
    }
    return result
  }

  /// The tags of a timer's readings: its own and those given when it stops, held to
  /// ``Tags/most``.
  ///
  /// The timer's own are checked again: a row written through SQL may hold anything.
  private static func timerTags(_ timer: RunningTimer, _ run: TimerReadings, of project: Project)
    throws -> [String]
  {
    for tag in timer.tags where (try? Tags.tag(tag)) != tag {
      throw TallyError(
        .invalidInput,
        "the timer of \(project.title) carries the tag \(VisibleText.quoted(tag)), which is "
          + "not a tag tally writes",
        hint: "Cancel it with `tally timer cancel \(project.title)` and start it again.")
    }
    let tags = Set(timer.tags + run.tags).sorted()
    guard tags.count <= Tags.most else {
      throw TallyError(
        .invalidInput,
        "the timer of \(project.title) carries \(timer.tags.count) tags, which with those "
          + "given make \(tags.count); a reading takes \(Tags.most)",
        hint: "Give fewer tags.")
    }
    return tags
  }

  /// What `readings` recorded, for messages: `1:30 h`, or each day's part.
  private static func recorded(_ readings: [Reading], of project: Project, zone: TimeZone)
    -> String
  {
    let unit = TimeUnit(units: project.units).seconds
    func recorded(_ reading: Reading) -> String {
      // Under a minute, a clock of minutes would say 0:00 or 0:01: the seconds are kept.
      let seconds = reading.amount * unit
      if project.clockUnit == .hours, abs(seconds) < 60 {
        return DurationFormat.clock(seconds, unit: .seconds) + " h"
      }
      return amount(reading, project)
    }
    if readings.count == 1, let reading = readings.first { return recorded(reading) }
    return "\(readings.count) readings, one per day it ran: "
      + readings.map { "\(recorded($0)) on \(Self.day($0.timestamp, in: zone))" }
      .joined(separator: ", ")
  }

  /// `2024-03-01`: the day of `zone` that holds `instant`.
  private static func day(_ instant: Timestamp, in zone: TimeZone) -> String {
    let (civil, _) = CivilTime.of(instant, in: zone)
    let month = civil.month < 10 ? "0\(civil.month)" : "\(civil.month)"
    let day = civil.day < 10 ? "0\(civil.day)" : "\(civil.day)"
    return "\(civil.year)-\(month)-\(day)"
  }

  /// The running timer stopped at `at`, recording nothing.
  static func cancelTimer(_ id: ProjectID, at: Timestamp, in db: some StoredFacts) throws
    -> ChangePlan
  {
    // A timer that cannot be stopped (started after now by another clock, or at a time
    // written through SQL) can always be cancelled.
    let (project, timer) = try runningTimer(of: id, stoppedAt: nil, in: db)
    // Like starting one, cancelling a timer leaves the project's readings, and so its
    // update time, as they were.
    return ChangePlan(
      change: .stopTimer(timer),
      message:
        "Cancelled the timer for \(project.title) after "
        + "\(Duration.elapsed(timer.elapsedSeconds(until: max(at, timer.startedAt)))); "
        + "nothing was recorded")
  }

  /// The project and its running timer, which must have started by `at` (when one is given).
  private static func runningTimer(
    of id: ProjectID, stoppedAt at: Timestamp?, in db: some StoredFacts
  ) throws -> (Project, RunningTimer) {
    let project = try db.project(id)
    guard let timer = try db.timer(of: id) else {
      throw TallyError(
        .conflict, "no timer is running for \(project.title)",
        hint: "Start one with `tally timer start \(project.title)`.")
    }
    guard let at, at < timer.startedAt else { return (project, timer) }
    let (started, stop) = TimestampFormat.localApart(timer.startedAt, at, in: db.zone)
    throw TallyError(
      .invalidInput,
      "the timer for \(project.title) started at \(started), after the stop time \(stop)",
      hint: "`tally timer cancel \(project.title)` stops it without recording anything.")
  }
}
