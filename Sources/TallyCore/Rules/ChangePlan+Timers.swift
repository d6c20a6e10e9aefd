import Foundation

extension ChangePlan {
  /// A timer for a total project that has none running.
  static func startTimer(_ id: ProjectID, at: Timestamp, in db: some StoredFacts) throws
    -> ChangePlan
  {
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
    if let running = try db.timer(of: id) {
      throw TallyError(
        .conflict,
        "a timer is already running for \(project.title) since "
          + TimestampFormat.iso8601(running.startedAt, in: db.zone),
        hint: "Stop it first with `tally timer stop \(project.title)`.")
    }
    return ChangePlan(
      change: .startTimer(RunningTimer(projectID: id, startedAt: at)),
      message: "Started a timer for \(project.title)")
  }

  /// The running timer stopped at `at`, and a reading of the time it ran on each day of
  /// `zone` it touched (see ``RunningTimer/days(until:in:)``), all with the same note, as
  /// one change.
  ///
  /// A project that is no total any more (its kind changed while the timer ran) gets one
  /// reading, as a meter's dial or a gauge's level is not cut into days.
  static func stopTimer(
    _ id: ProjectID, note: String?, at: Timestamp, zone: TimeZone, in db: some StoredFacts
  ) throws -> ChangePlan {
    let (project, timer) = try runningTimer(of: id, stoppedAt: at, in: db)
    let parts =
      project.kind == .total
      ? timer.days(until: at, in: zone)
      : [RunningTimer.DayPart(start: timer.startedAt, seconds: timer.elapsedSeconds(until: at))]
    let unit = TimeUnit(units: project.units).seconds
    let ids = try db.nextIDs(of: .reading, count: parts.count)
    let readings = zip(ids, parts).map { id, part in
      Reading(
        id: ReadingID(rawValue: id), projectID: project.id,
        amount: Double(part.seconds) / unit, timestamp: part.start, note: note ?? "timer")
    }
    for reading in readings { try MeterRule.checkAdding(reading, to: project, in: db) }
    func recorded(_ reading: Reading) -> String {
      guard TimeUnit(naming: project.units) != nil else {
        // Its units were changed to something else while the timer ran.
        return "\(AmountFormat.plain(reading.amount)) hours"
      }
      // Under a minute, a clock of minutes would say 0:00 or 0:01: the seconds are kept.
      let seconds = reading.amount * unit
      if project.clockUnit != nil, abs(seconds) < 60 {
        return DurationFormat.clock(seconds, unit: .seconds) + " h"
      }
      return amount(reading, project)
    }
    var message =
      "Stopped the timer for \(project.title) after "
      + "\(Duration.elapsed(timer.elapsedSeconds(until: at))): recorded "
    if readings.count == 1, let reading = readings.first {
      message += recorded(reading)
    } else {
      message +=
        "\(readings.count) readings, one per day it ran: "
        + readings.map { "\(recorded($0)) on \(Self.day($0.timestamp, in: zone))" }
        .joined(separator: ", ")
    }
    return ChangePlan(
      change: .batch([.stopTimer(timer), .insertReadings(readings), touch(project, at: at)]),
      message: message)
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
    let (project, timer) = try runningTimer(of: id, stoppedAt: at, in: db)
    // Like starting one, cancelling a timer leaves the project's readings, and so its
    // update time, as they were.
    return ChangePlan(
      change: .stopTimer(timer),
      message:
        "Cancelled the timer for \(project.title) after "
        + "\(Duration.elapsed(timer.elapsedSeconds(until: at))); nothing was recorded")
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
        "the timer for \(project.title) started at "
          + "\(TimestampFormat.iso8601(timer.startedAt, in: db.zone)), after the stop time "
          + TimestampFormat.iso8601(at, in: db.zone))
    }
    return (project, timer)
  }
}
