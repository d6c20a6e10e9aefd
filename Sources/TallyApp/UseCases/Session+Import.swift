import TallyCore
import TallyImport

extension Session {
  /// Imports a CSV file: the rows stream from the file into storage as one request through the
  /// store, like any other change.
  ///
  /// - Returns: Whether the import went well: `false` for a dry run that found invalid rows
  ///   (and reported them) without `--skip-invalid`.
  /// - Throws: ``TallyError`` for a file that cannot be read, an unknown project, or invalid
  ///   rows (without skipping).
  func importFile(_ request: ImportFileRequest) throws(TallyError) -> Bool {
    let target = try importTarget(request)
    var options = request.options
    options.zone = zone
    // `-` is standard input, as for most tools.
    let path = request.file == "-" ? "/dev/stdin" : request.file
    let opened = try ReadingsFile(path: path, options: options)
    // Only a file that takes a while shows its progress.
    let progress: (Double?) -> Void = opened.size > 1 << 20 ? messages.progress : { _ in }
    // A storage may read a regular file again (to run its transaction again): the file is
    // then opened anew.
    var unread: ReadingsFile? = opened
    let isInterrupted = self.isInterrupted
    let rows = ImportRows(canBeReadAgain: opened.canBeReadAgain) { sink in
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
          if rowsRead % 4_096 == 0, isInterrupted() {
            throw TallyError(
              .interrupted, "interrupted at row \(rowsRead) of \(path): nothing was imported",
              hint: "The database is as it was before the import.")
          }
        },
        invalid: { problem in sink.reject(problem) })
    }
    let job = ImportJob(
      target: target, fileName: path, skipInvalid: request.skipInvalid,
      dryRun: request.dryRun, expectedRows: opened.size / 40, settings: opened.settings,
      again: request.again, zone: zone, rows: rows)
    try perform(.importReadings(job, at: now))
    guard let outcome = store.state.lastImport else {
      throw TallyError(.storage, "the import of \(path) reported nothing")
    }
    let report = ImportReport(
      outcome: outcome, fileName: path, skipInvalid: request.skipInvalid, zone: zone)
    for line in report.lines {
      messages.status(line)
    }
    return !(request.dryRun && outcome.invalidCount > 0 && !request.skipInvalid)
  }

  private func importTarget(_ request: ImportFileRequest) throws(TallyError) -> ImportTarget {
    if let existing = store.state.project(titled: request.project)?.project {
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
        .notFound, "there is no project titled \(VisibleText.quoted(request.project))",
        hint: "Add --create --frequency daily|weekly|monthly|quarterly|yearly to create it.")
    }
    new.title = request.project
    new.group = new.group.map { store.state.groupSpelling($0) }
    return .create(try new.validated())
  }
}
