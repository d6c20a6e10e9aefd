extension ChangePlan {
  /// Stops an import of a file that an import not undone brought into the project before
  /// (the same SHA-256), when this one would add readings all the same.
  ///
  /// Importing a file again adds nothing: every row is stored already. One that adds readings
  /// reads the same rows another way (another `--tz`, `--date-format`, ...), and the project
  /// would hold each reading twice, once at each time; or it would bring back readings taken
  /// out since. Either is refused, naming the earlier import and what changed, unless the job
  /// says `--again`. Both storages call this inside the import's transaction, with the rows
  /// in: the error rolls it back.
  ///
  /// - Parameters:
  ///   - job: The import.
  ///   - project: The project the rows go into.
  ///   - sha256: The SHA-256 of the file's content.
  ///   - imported: How many readings it would add.
  ///   - facts: The stored rows.
  /// - Throws: ``TallyError`` `.conflict` naming the latest such import, its time and what the
  ///   import does otherwise.
  public static func checkRepeat(
    of job: ImportJob, into project: Project, sha256: String, adding imported: Int,
    in facts: some StoredFacts
  ) throws {
    guard imported > 0, !job.again else { return }
    let imports = try facts.importBatches(of: project.id, sha256: sha256).filter { !$0.isUndone }
    // An import read the same way says best why rows would come again (readings deleted
    // since); else the latest, with what this one reads differently.
    let readTheSameWay = imports.filter { batch in
      batch.settings.map { job.settings.changes(since: $0).isEmpty } ?? false
    }
    guard
      let earlier = readTheSameWay.max(by: { $0.id < $1.id }) ?? imports.max(by: { $0.id < $1.id })
    else { return }
    throw repeatError(of: job, earlier, into: project, adding: imported)
  }

  /// The error for an import of what `earlier` brought in, which would add `imported`
  /// readings.
  static func repeatError(
    of job: ImportJob, _ earlier: ImportBatch, into project: Project, adding imported: Int
  ) -> TallyError {
    let readings = imported == 1 ? "1 reading" : "\(imported) readings"
    let why: String
    if let then = earlier.settings {
      let changes = job.settings.changes(since: then)
      if changes.isEmpty {
        why =
          "read the same way, it would add \(readings) that are no longer stored (deleted or "
          + "changed since)"
      } else {
        let listed = changes.map { now, then in
          "\(now.option) \(shown(now.value)) (then \(then.map(shown) ?? "not set"))"
        }
        why = "read now with \(listed.joined(separator: ", ")), it would add \(readings) again"
      }
    } else {
      why = "read now, it would add \(readings) again"
    }
    let when = TimestampFormat.local(earlier.at, in: job.zone) + " (\(job.zone.identifier))"
    return TallyError(
      .conflict,
      "\(job.fileName) was imported into \(project.title) before, as import \(earlier.id) on "
        + "\(when); \(why)",
      hint: "Nothing was imported. Add --again to import it all the same, or take the earlier "
        + "import out first: tally import undo \(earlier.id)")
  }

  /// A setting's value as a person would type it: quoted when it holds more than a word,
  /// `none` when it is empty.
  private static func shown(_ value: String) -> String {
    if value.isEmpty { return "none" }
    let plain = value.unicodeScalars.allSatisfy { scalar in
      scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        || "/_.:+-,;|".unicodeScalars.contains(scalar)
    }
    return plain ? value : "'\(value)'"
  }
}
