extension ChangePlan {
  /// An import's readings set aside, once, while its project is there.
  static func undoImport(_ id: ImportBatchID, at: Timestamp, in db: some StoredFacts) throws
    -> ChangePlan
  {
    let batch = try db.importBatch(id)
    guard !batch.isUndone else {
      throw TallyError(
        .conflict, "import \(id) is already undone",
        hint:
          "`tally log` shows the change that took it out; undoing that change brings it back"
          + " (`tally undo` while it is the latest change).")
    }
    guard let project = try db.projectIfAny(batch.projectID) else {
      throw TallyError(
        .conflict, "the project of import \(id) has been deleted",
        hint: "`tally undo` the deletion first.")
    }
    // Readings deleted since the import are gone already: the message counts those it takes.
    let held = try db.heldReadings(of: batch)
    return ChangePlan(
      change: .batch([.setAsideImport(batch), touch(project, at: at)]),
      message: "Took out import \(id) (\(batch.fileName)): \(held) reading(s) from \(project.title)"
    )
  }
}
