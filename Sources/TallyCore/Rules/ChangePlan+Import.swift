extension ChangePlan {
  /// The project an import goes into: the target's, or the one with the new project's title,
  /// or else a new one, created in the import's transaction.
  ///
  /// - Returns: The project, and the change that creates it when it is new (to apply and
  ///   journal with the import).
  /// - Throws: ``TallyError`` when the target project does not exist or the new one is invalid.
  public static func importProject(
    _ target: ImportTarget, at: Timestamp, in facts: some StoredFacts
  ) throws -> (Project, creation: Change?) {
    switch target {
    case .project(let id):
      return (try facts.project(id), nil)
    case .create(let new):
      if let existing = try facts.project(titled: new.title) { return (existing, nil) }
      let plan = try plan(.addProject(new, at: at), in: facts)
      guard case .insertProject(let created) = plan.change else {
        throw TallyError(.storage, "creating the project \(new.title) planned no project")
      }
      return (created, plan.change)
    }
  }
}

extension ImportJob {
  /// The error that stops an import whose file holds the `invalid` rows, naming the first;
  /// `nil` when the import goes on (no invalid rows, `--skip-invalid`, a dry run).
  public func invalidRowsError(_ invalid: InvalidRows) -> TallyError? {
    guard invalid.count > 0, !skipInvalid, !dryRun, let first = invalid.problems.first else {
      return nil
    }
    let more = invalid.count - 1
    return TallyError(
      .invalidInput,
      "\(fileName), \(first)"
        + (more > 0 ? " (and \(more) more invalid row\(more == 1 ? "" : "s"))" : ""),
      hint: "Nothing was imported. Fix the file, or add --skip-invalid to import the valid rows.")
  }
}
