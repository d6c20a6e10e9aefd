import Foundation
import TallyCore
import TallyImport

extension Session {
  /// Imports the history of Timewarrior or Watson: each finished interval becomes time
  /// readings (one per day of the zone it touches, as a timer's run does) in the project named
  /// after the tracker's, made where it is not there (in hours, daily), all in one transaction.
  func importTimeLog(
    _ request: ImportFileRequest, _ opened: ReadingsFile, path: String
  ) throws(TallyError) -> Bool {
    try checkTimeLogOptions(request, path: path)
    let (data, sha256) = try opened.contents()
    try checkInterruption(0, of: path)
    let log = try TimeLog(data, name: path)
    try checkInterruption(0, of: path)
    // Entries that belong to no project; those of a project are its import's invalid rows.
    var unassigned = InvalidRows(keepsAll: true)
    for (entry, reason) in log.problems {
      unassigned.add(Self.entryProblem(entry, reason))
    }
    var byTitle: [(title: String, intervals: [TimeLog.Interval], problems: [RowProblem])] = []
    // Where each project is in `byTitle`, by the key titles are compared by; and why a
    // title is none.
    var places: [String: Int] = [:]
    var badTitles: [String: String] = [:]
    var running = 0
    var empty = 0
    for var interval in log.intervals {
      guard let end = interval.end else {
        running += 1
        messages.status(
          "Left out entry \(interval.entry) of \(path): it is still running (since "
            + "\(TimestampFormat.iso8601(interval.start, in: zone))); stop it and import again")
        continue
      }
      guard let title = request.project ?? interval.project else {
        let missing = log.tracker == .timewarrior ? "it has no tag" : "it has no project name"
        unassigned.add(
          Self.entryProblem(interval.entry, "names no project (\(missing)); add --project TITLE"))
        continue
      }
      if let bad = badTitles[title] {
        unassigned.add(Self.entryProblem(interval.entry, "its project \(bad)"))
        continue
      }
      if request.project != nil { interval.tags = interval.allTags }
      do {
        interval.tags = try Tags.joined(interval.tags, request.options.tags)
      } catch {
        unassigned.add(Self.entryProblem(interval.entry, "its tags: \(error.reason)"))
        continue
      }
      let key = Project.titleKey(title)
      if end == interval.start {
        empty += 1
        continue
      }
      let index: Int
      if let known = places[key] {
        index = known
      } else {
        do {
          _ = try NewProject(title: title, frequency: .daily).validated()
        } catch {
          badTitles[title] = error.message
          unassigned.add(Self.entryProblem(interval.entry, "its project \(error.message)"))
          continue
        }
        index = byTitle.count
        places[key] = index
        byTitle.append((title, [], []))
      }
      if end < interval.start {
        byTitle[index].problems.append(
          Self.entryProblem(interval.entry, "it ends before it starts"))
      } else {
        byTitle[index].intervals.append(interval)
      }
    }
    if let first = unassigned.problems.first, !request.skipInvalid, !request.dryRun {
      let more = unassigned.count - 1 + byTitle.reduce(0) { $0 + $1.problems.count }
      throw TallyError(
        .invalidInput,
        "\(path) (\(log.tracker.rawValue)), \(first)"
          + (more > 0 ? " (and \(more) more invalid entries)" : ""),
        hint: "Add --skip-invalid to leave these out; nothing was imported.")
    }
    if empty > 0 {
      messages.status("Left out \(empty) interval(s) of \(path) that last no time")
    }
    let settings = ImportSettings([
      .init("--tz", zone.identifier), .init("--from", log.tracker.rawValue),
    ])
    var jobs: [ImportJob] = []
    for (title, intervals, problems) in byTitle {
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
          rows: interruptible(
            ImportRows(canBeReadAgain: true) { sink in
              for row in rows { try sink.add(row) }
              for problem in problems { sink.reject(problem) }
              return sha256
            }, path: path)))
    }
    guard !jobs.isEmpty else {
      for problem in unassigned.problems {
        messages.status(request.dryRun ? "  invalid: \(problem)" : "Skipped \(path), \(problem)")
      }
      let what = running > 0 ? "only an interval still running" : "no finished interval"
      messages.status("Nothing to import from \(path): it holds \(what)")
      return !(request.dryRun && unassigned.count > 0 && !request.skipInvalid)
    }
    let outcomes = try importReadings(jobs)
    return try reportImport(request, path: path, outcomes: outcomes, unassigned: unassigned)
  }

  /// A time log's entry that is not a stretch of time, for the messages.
  private static func entryProblem(_ entry: Int, _ reason: String) -> RowProblem {
    var problem = RowProblem(line: entry, column: nil, value: nil, reason: reason)
    problem.place = "entry"
    return problem
  }

  /// Refuses what a time log cannot take: a settings file, and options that say how CSV is
  /// read.
  private func checkTimeLogOptions(_ request: ImportFileRequest, path: String) throws(TallyError) {
    if request.projectsFile != nil {
      throw TallyError(
        .invalidInput, "--projects is for a CSV export; \(path) is a time log",
        hint: "Leave out --projects: a time log's projects are made in hours, daily.")
    }
    let options = request.options
    let csvOnly: [(String, Bool)] = [
      ("--date-column", options.dateColumnIsNamed),
      ("--amount-column", options.amountColumn != "amount"),
      ("--note-column", options.noteColumnIsRequired),
      ("--tag-column", options.tagColumnIsRequired),
      ("--date-format", options.dateFormat != nil), ("--delimiter", options.delimiter != .comma),
      ("--filter-column", options.filter != nil), ("--decimal-comma", options.decimalComma),
      ("--encoding", options.encoding != nil),
      ("--project-column", options.projectColumnIsRequired),
    ]
    if let given = csvOnly.first(where: \.1)?.0 {
      throw TallyError(
        .invalidInput, "\(given) says how a CSV file is read; \(path) is a time log (JSON)",
        hint: "Leave out \(given); nothing was imported.")
    }
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
    if request.project != nil, request.newProject == nil {
      throw TallyError(
        .notFound, "there is no project titled \(VisibleText.quoted(title))",
        hint: "Add --create --frequency daily|weekly|monthly|quarterly|yearly (and --units h, "
          + "min or s) to create it.")
    }
    var new = request.newProject ?? NewProject(title: title, units: "h", frequency: .daily)
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
