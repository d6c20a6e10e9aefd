import Foundation
import TallyCore
import TallyImport

extension Session {
  /// Imports a CSV file: the rows stream from the file into storage as one request through the
  /// store, like any other change.
  ///
  /// A file with a project column (as `tally export` writes it) is read by project: each
  /// project's rows go into it, made with the settings `--projects` gives where it is not
  /// there, all in one transaction; with `--project`, only that project's rows are taken.
  ///
  /// - Returns: Whether the import went well: `false` for a dry run that found invalid rows
  ///   (and reported them) without `--skip-invalid`.
  /// - Throws: ``TallyError`` for a file that cannot be read, an unknown project, or invalid
  ///   rows (without skipping).
  func importFile(_ request: ImportFileRequest) throws(TallyError) -> Bool {
    var options = request.options
    options.zone = zone
    // `-` is standard input, as for most tools.
    let path = request.file == "-" ? "/dev/stdin" : request.file
    let opened = try ReadingsFile(path: path, options: options)
    if TimeLog.looksLikeJSON(opened.start) {
      return try importTimeLog(request, opened, path: path)
    }
    if opened.hasProjectColumn() {
      return try importByProject(request, opened, path: path)
    }
    if let column = options.projectColumn, options.projectColumnIsRequired {
      throw TallyError(
        .invalidInput, "\(path) has no column '\(column)' for --project-column",
        hint: "Name the column that holds each row's project; nothing was imported.")
    }
    guard let title = request.project else {
      throw TallyError(
        .invalidInput, "\(path) has no project column: name the project its readings go into",
        hint: "Add --project TITLE (and --create --frequency F to create it).")
    }
    if request.projectsFile != nil {
      let read =
        options.projectColumn == nil
        ? "with --project-column none, \(path) is read as one project's rows"
        : "\(path) has no project column"
      throw TallyError(
        .invalidInput,
        "--projects gives the settings of the projects a file's project column names; \(read)",
        hint: "Leave out --projects, or import a file from tally export.")
    }
    let target = try importTarget(request, title: title)
    // Only a file that takes a while shows its progress.
    let progress: (Double?) -> Void = opened.size > 1 << 20 ? messages.progress : { _ in }
    // A storage may read a regular file again (to run its transaction again): the file is
    // then opened anew.
    var unread: ReadingsFile? = opened
    let rows = ImportRows(canBeReadAgain: opened.canBeReadAgain) { [self] sink in
      defer { progress(nil) }
      let file = try unread ?? ReadingsFile(path: path, options: options)
      unread = nil
      var rowsRead = 0
      return try file.forEachRow(
        valid: { reading in
          try sink.add(reading)
          progress(file.progress)
          rowsRead += 1
          // Asked now and then: a Ctrl-C takes effect within a few thousand rows.
          if rowsRead % 4_096 == 0 { try checkInterruption(rowsRead, of: path) }
        },
        invalid: { problem in sink.reject(problem) })
    }
    var job = importJob(request, target: target, path: path, settings: opened.settings, rows: rows)
    job.expectedRows = opened.size / 40
    let outcomes = try importReadings([job])
    return try reportImport(
      request, path: path, outcomes: outcomes, unassigned: InvalidRows(keepsAll: true))
  }

  /// Imports a file whose rows name their projects.
  private func importByProject(
    _ request: ImportFileRequest, _ opened: ReadingsFile, path: String
  ) throws(TallyError) -> Bool {
    let projects = try request.projectsFile.map { path throws(TallyError) in
      try ProjectSettingsFile.read(
        path: path, zone: zone, now: now, encoding: request.options.encoding)
    }
    let spool: ProjectSpool
    do {
      spool = try ProjectSpool(opened) { [self] count throws(TallyError) in
        try checkInterruption(count, of: path)
      }
    } catch let error as TallyError {
      throw error
    } catch {
      throw TallyError(.storage, "cannot read \(path): \(error)", hint: "Nothing was imported.")
    }
    var spellings: [String: String] = [:]
    for part in spool.parts {
      let key = Project.titleKey(part.title)
      if let other = spellings[key] {
        throw TallyError(
          .invalidInput,
          "\(path) names one project two ways: \(VisibleText.quoted(other)) and "
            + "\(VisibleText.quoted(part.title)) (line \(part.firstLine))",
          hint: "Spell each project's title one way; nothing was imported.")
      }
      spellings[key] = part.title
    }
    if let first = spool.unassigned.problems.first, !request.skipInvalid, !request.dryRun {
      let more = spool.invalidCount - 1
      throw TallyError(
        .invalidInput,
        "\(path), \(first)" + (more > 0 ? " (and \(more) more invalid row(s))" : ""),
        hint: "Name each row's project, or add --skip-invalid; nothing was imported.")
    }
    let outcomes: [ImportOutcome]
    if let title = request.project {
      // The rows of the project named; a file of one project's rows may go into another.
      let key = Project.titleKey(title)
      let part =
        spool.parts.first { Project.titleKey($0.title) == key }
        ?? (spool.parts.count == 1 ? spool.parts.first : nil)
      guard let part else { throw noRows(of: title, in: path, spool) }
      if Project.titleKey(part.title) != key {
        messages.status("Reading the rows of \(part.title), the one project \(path) holds")
      }
      let job = importJob(
        request, target: try importTarget(request, title: title), path: path,
        settings: spool.settings, rows: interruptible(spool.rows(of: part.title), path: path))
      outcomes = try importReadings([job])
    } else {
      let jobs = try projectJobs(request, spool, projects ?? [], path: path)
      outcomes = try importReadings(jobs)
    }
    return try reportImport(
      request, path: path, outcomes: outcomes, unassigned: spool.unassigned)
  }

  /// One job per project of a file: those the settings file names first, in its order, then
  /// the others the file names, in the order of their first rows.
  private func projectJobs(
    _ request: ImportFileRequest, _ spool: ProjectSpool, _ projects: [NewProject], path: String
  ) throws(TallyError) -> [ImportJob] {
    // The file's spelling of each project, by the key titles are compared by.
    let parts = Dictionary(
      spool.parts.map { (Project.titleKey($0.title), $0) }, uniquingKeysWith: { first, _ in first })
    var titles = projects.map(\.title)
    let named = Set(titles.map(Project.titleKey))
    titles += spool.parts.map(\.title).filter { !named.contains(Project.titleKey($0)) }
    var jobs: [ImportJob] = []
    for title in titles {
      let key = Project.titleKey(title)
      let part = parts[key]
      let settings = projects.first { Project.titleKey($0.title) == key }
      let target: ImportTarget
      if let existing = store.state.project(titled: title)?.project {
        if let settings, let differs = Self.differences(existing, settings) {
          messages.status(
            "Project \(existing.title) exists already: its settings stay as they are "
              + "(\(differs))")
        }
        target = .project(existing.id)
      } else if var settings {
        settings.group = settings.group.map { store.state.groupSpelling($0) }
        target = .create(settings)
      } else {
        let line = part?.firstLine ?? 0
        let missing =
          "there is no project titled \(VisibleText.quoted(title)) (\(path), line \(line))"
        if let settingsFile = request.projectsFile {
          throw TallyError(
            .notFound, missing + ", and \(settingsFile) has no row for it",
            hint: "Add its row (title, frequency and the rest), or create it first with tally "
              + "project add; nothing was imported.")
        }
        throw TallyError(
          .notFound, missing,
          hint: "Give the projects' settings with --projects FILE (tally export --projects FILE "
            + "writes them), or create it first with tally project add; nothing was imported.")
      }
      var job = importJob(
        request, target: target, path: path, settings: spool.settings,
        rows: interruptible(spool.rows(of: part?.title ?? title), path: path))
      job.expectedRows = part?.rows ?? 0
      jobs.append(job)
    }
    return jobs
  }

  /// The settings in which `project` differs from `settings`, as `units km, not mi`; `nil`
  /// when it has them all.
  private static func differences(_ project: Project, _ settings: NewProject) -> String? {
    var differs: [String] = []
    func compare(_ name: String, _ stored: String, _ given: String) {
      if stored != given {
        differs.append(
          "\(name) \(stored.isEmpty ? "none" : stored), not \(given.isEmpty ? "none" : given)")
      }
    }
    compare("units", project.units, settings.units)
    compare("frequency", project.frequency.rawValue, settings.frequency.rawValue)
    compare("kind", project.kind.rawValue, settings.kind.rawValue)
    compare(
      "decimals", project.decimals.map(String.init) ?? "", settings.decimals.map(String.init) ?? "")
    compare("group", project.group ?? "", settings.group ?? "")
    compare(
      "goal", project.goal.map { $0.description(units: project.units) } ?? "",
      settings.goal.map { $0.description(units: settings.units) } ?? "")
    return differs.isEmpty ? nil : differs.joined(separator: ", ")
  }

  private func importJob(
    _ request: ImportFileRequest, target: ImportTarget, path: String, settings: ImportSettings,
    rows: ImportRows
  ) -> ImportJob {
    ImportJob(
      target: target, fileName: path, skipInvalid: request.skipInvalid, dryRun: request.dryRun,
      settings: settings, again: request.again, zone: zone, rows: rows)
  }

  /// Stops an import when Ctrl-C was pressed (or SIGTERM came).
  func checkInterruption(_ rowsRead: Int, of path: String) throws(TallyError) {
    guard isInterrupted() else { return }
    throw TallyError(
      .interrupted,
      (rowsRead > 0 ? "interrupted at row \(rowsRead) of \(path)" : "interrupted importing \(path)")
        + ": nothing was imported",
      hint: "The database is as it was before the import.")
  }

  /// `rows`, stopping on Ctrl-C before they start and every few thousand rows as they go in.
  func interruptible(_ rows: ImportRows, path: String) -> ImportRows {
    ImportRows(canBeReadAgain: rows.canBeReadAgain) { [self] sink in
      try checkInterruption(0, of: path)
      return try rows.feed(
        InterruptibleSink(sink) { [self] count throws(TallyError) in
          try checkInterruption(count, of: path)
        })
    }
  }

  /// The refusal of `--project` on a file none of whose rows name that project.
  private func noRows(of title: String, in path: String, _ spool: ProjectSpool) -> TallyError {
    let others = spool.parts.map(\.title).sorted()
    let named =
      others.isEmpty
      ? "it names no project"
      : "it names " + others.prefix(10).map(VisibleText.quoted).joined(separator: ", ")
        + (others.count > 10 ? " and \(others.count - 10) more" : "")
    return TallyError(
      .notFound,
      "no row of \(path) is of the project \(VisibleText.quoted(title)): \(named) in its project column",
      hint: "Name one of them with --project, leave out --project to import every project's "
        + "rows, or add --project-column none to import every row into \(title).")
  }

  /// Says what the import did, project by project.
  func reportImport(
    _ request: ImportFileRequest, path: String, outcomes: [ImportOutcome],
    unassigned: InvalidRows
  ) throws(TallyError) -> Bool {
    guard !outcomes.isEmpty else {
      throw TallyError(.storage, "the import of \(path) reported nothing")
    }
    for problem in unassigned.problems {
      messages.status(
        request.dryRun ? "  invalid: \(problem)" : "Skipped \(path), \(problem)")
    }
    // Each project's line, unless they are many: `import list` has them.
    let shown = outcomes.count <= 20 ? outcomes : outcomes.filter { $0.invalidCount > 0 }
    for outcome in shown {
      let report = ImportReport(
        outcome: outcome, fileName: path, skipInvalid: request.skipInvalid, zone: zone)
      for line in report.lines {
        messages.status(line)
      }
    }
    if outcomes.count > 1 {
      messages.status(ImportOutcome.message(outcomes, fileName: path))
    }
    if shown.count < outcomes.count {
      messages.status("Each project's import: tally import list")
    }
    if unassigned.count > 0 {
      messages.status(
        request.dryRun
          ? "  and \(unassigned.count) invalid row(s) that belong to no project"
          : "Skipped \(unassigned.count) row(s) of \(path) that belong to no project")
    }
    let invalid = unassigned.count + outcomes.reduce(0) { $0 + $1.invalidCount }
    return !(request.dryRun && invalid > 0 && !request.skipInvalid)
  }

  private func importTarget(
    _ request: ImportFileRequest, title: String
  ) throws(TallyError) -> ImportTarget {
    if let existing = store.state.project(titled: title)?.project {
      if request.newProject != nil {
        // `--create` creates only a project that is not there: say so, rather than let its
        // settings look applied.
        let units = existing.units.isEmpty ? "" : ", \(existing.units)"
        messages.status(
          "Project \(existing.title) exists already: --create left it as it is "
            + "(\(existing.cadence)\(units))")
      }
      return .project(existing.id)
    }
    guard var new = request.newProject else {
      throw TallyError(
        .notFound, "there is no project titled \(VisibleText.quoted(title))",
        hint: "Add --create --frequency daily|weekly|monthly|quarterly|yearly to create it.")
    }
    new.title = title
    new.group = new.group.map { store.state.groupSpelling($0) }
    return .create(try new.validated())
  }
}

/// A sink that asks, every few thousand rows, whether to stop.
private final class InterruptibleSink: ImportRowSink {
  private let sink: any ImportRowSink
  private let check: (Int) throws(TallyError) -> Void
  private var count = 0

  init(_ sink: any ImportRowSink, check: @escaping (Int) throws(TallyError) -> Void) {
    self.sink = sink
    self.check = check
  }

  func add(_ row: ImportedReading) throws {
    try sink.add(row)
    count += 1
    if count % 4_096 == 0 { try check(count) }
  }

  func reject(_ problem: RowProblem) {
    sink.reject(problem)
  }
}
