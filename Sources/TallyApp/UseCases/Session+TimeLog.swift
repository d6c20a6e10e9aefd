import Foundation
import TallyCore
import TallyImport

extension Session {
  /// Imports the history of Timewarrior or Watson: each finished interval becomes time
  /// readings (one per day of the zone it touches, as a timer's run does) in the project named
  /// after the tracker's, made where it is not there (`--units`, default hours; `--frequency`,
  /// default daily), all in one transaction.
  func importTimeLog(
    _ request: ImportFileRequest, _ opened: ReadingsFile, path: String
  ) throws(TallyError) -> Bool {
    if request.projectsFile != nil {
      throw TallyError(
        .invalidInput, "--projects is for a CSV export; \(path) is a time log",
        hint: "Leave out --projects: a time log's projects are made in hours, daily.")
    }
    let (data, sha256) = try opened.contents()
    let log = try TimeLog(data, name: path)
    var problems = log.problems.map { "entry \($0.entry): \($0.reason)" }
    var byTitle: [(title: String, intervals: [TimeLog.Interval])] = []
    for interval in log.intervals {
      guard let end = interval.end else {
        messages.status(
          "Left out entry \(interval.entry) of \(path): it is still running (since "
            + "\(TimestampFormat.iso8601(interval.start, in: zone))); stop it and import again")
        continue
      }
      guard end >= interval.start else {
        problems.append("entry \(interval.entry): it ends before it starts")
        continue
      }
      guard let title = request.project ?? interval.project else {
        problems.append(
          "entry \(interval.entry): names no project (\(log.tracker == .timewarrior ? "no tag" : "no project name"))"
        )
        continue
      }
      var interval = interval
      if request.project != nil { interval.tags = interval.allTags }
      if let index = byTitle.firstIndex(where: {
        Project.titleKey($0.title) == Project.titleKey(title)
      }) {
        byTitle[index].intervals.append(interval)
      } else {
        byTitle.append((title, [interval]))
      }
    }
    if let first = problems.first, !request.skipInvalid, !request.dryRun {
      throw TallyError(
        .invalidInput,
        "\(path) (\(log.tracker.rawValue)), \(first)"
          + (problems.count > 1 ? " (and \(problems.count - 1) more)" : ""),
        hint: "Add --project TITLE to put every interval into one project, or --skip-invalid to "
          + "leave these out; nothing was imported.")
    }
    for problem in problems {
      messages.status(request.dryRun ? "  invalid: \(problem)" : "Skipped \(path), \(problem)")
    }
    let settings = ImportSettings([
      .init("--tz", zone.identifier), .init("--from", log.tracker.rawValue),
    ])
    var jobs: [ImportJob] = []
    for (title, intervals) in byTitle {
      let (target, unit) = try timeTarget(title, request)
      let rows = intervals.flatMap { interval in
        RunningTimer(projectID: ProjectID(rawValue: 0), startedAt: interval.start)
          .days(until: interval.end ?? interval.start, in: zone)
          .filter { $0.seconds > 0 }
          .map { part in
            ImportedReading(
              line: interval.entry, timestamp: part.start,
              amount: Double(part.seconds) / unit.seconds, note: interval.note,
              tags: interval.tags)
          }
      }
      jobs.append(
        ImportJob(
          target: target, fileName: path, skipInvalid: request.skipInvalid,
          dryRun: request.dryRun, expectedRows: rows.count, settings: settings,
          again: request.again, zone: zone,
          rows: ImportRows(canBeReadAgain: true) { sink in
            for row in rows { try sink.add(row) }
            return sha256
          }))
    }
    guard !jobs.isEmpty else {
      throw TallyError(
        .invalidInput, "\(path) holds no finished interval to import", hint: "Nothing was imported."
      )
    }
    try perform(
      jobs.count == 1 ? .importReadings(jobs[0], at: now) : .importProjects(jobs, at: now))
    return try reportImport(request, path: path, unassigned: InvalidRows(keepsAll: true))
  }

  /// Where a time log's intervals of `title` go, and the unit of time they are counted in.
  private func timeTarget(
    _ title: String, _ request: ImportFileRequest
  ) throws(TallyError) -> (ImportTarget, TimeUnit) {
    if let existing = store.state.project(titled: title)?.project {
      guard let unit = TimeUnit(naming: existing.units) else {
        let units = existing.units.isEmpty ? "no units" : "units \(existing.units)"
        throw TallyError(
          .invalidInput,
          "\(existing.title) counts \(units), not a unit of time: a time log's intervals "
            + "cannot go into it",
          hint: "Give another project with --project, or change its units to h or min; "
            + "nothing was imported.")
      }
      return (.project(existing.id), unit)
    }
    var new =
      request.newProject ?? NewProject(title: title, units: "h", frequency: .daily)
    new.title = title
    if new.units.isEmpty { new.units = "h" }
    guard let unit = TimeUnit(naming: new.units) else {
      throw TallyError(
        .invalidInput, "--units \(new.units) is not a unit of time: a time log counts time",
        hint: "Give --units h, min or s.")
    }
    new.group = new.group.map { store.state.groupSpelling($0) }
    return (.create(try new.validated()), unit)
  }
}
