extension ChangePlan {
  /// A new reading, which a meter's neighbours must allow; it touches its project.
  static func addReading(_ new: NewReading, at: Timestamp, in db: some StoredFacts) throws
    -> ChangePlan
  {
    let project = try db.project(new.projectID)
    let reading = Reading(
      id: ReadingID(rawValue: try db.nextID(of: .reading)), projectID: project.id,
      amount: new.amount, timestamp: new.timestamp, note: new.note, isReset: new.isReset,
      tags: new.tags)
    try MeterRule.checkAdding(reading, to: project, in: db)
    return ChangePlan(
      change: .batch([.insertReadings([reading]), touch(project, at: at)]),
      message: "Added reading \(reading.id) to \(project.title): \(amount(reading, project))")
  }

  /// A reading's new amount, time, note or reset mark, checked against a meter's neighbours
  /// where it leaves and where it lands; it touches its project.
  static func editReading(
    _ id: ReadingID, _ edit: ReadingEdit, at: Timestamp, in db: some StoredFacts
  ) throws -> ChangePlan {
    let before = try db.reading(id)
    var after = before
    after.amount = edit.amount ?? after.amount
    after.timestamp = edit.timestamp ?? after.timestamp
    if let note = edit.note {
      after.note = note.isEmpty ? nil : note
    }
    after.isReset = edit.isReset ?? after.isReset
    after.tags = edit.tags(after: before.tags)
    do {
      try Tags.checkCount(after.tags.count, of: Tags.listed(after.tags))
    } catch {
      throw TallyError(
        .invalidInput,
        "reading \(id) would carry \(after.tags.count) tags; a reading takes \(Tags.most)",
        hint: "Take some off with --remove-tag, or replace them all with --tag.")
    }
    let project = try db.project(after.projectID)
    guard after != before else {
      return nothingChanged(
        "reading \(id) of \(project.title)", .updateReading(before: before, after: before))
    }
    // Only a reading that moves in time leaves its old place empty; one edited where it is
    // is checked against its neighbours as it will be.
    if after.timestamp != before.timestamp || after.projectID != before.projectID {
      try MeterRule.checkRemoving(before, from: project, in: db)
    }
    do {
      try MeterRule.checkAdding(after, to: project, in: db)
    } catch var refusal as TallyError where before.isReset && !after.isReset {
      refusal.hint =
        "Reading \(id) is marked as a reset, which lets it be lower than the one before it; "
        + "it needs the mark while its amount is lower."
      throw refusal
    }
    return ChangePlan(
      change: .batch([.updateReading(before: before, after: after), touch(project, at: at)]),
      message: "Changed reading \(id) of \(project.title)")
  }

  /// A reading's deletion, which a meter's neighbours must allow; it touches its project.
  static func deleteReading(_ id: ReadingID, at: Timestamp, in db: some StoredFacts) throws
    -> ChangePlan
  {
    let reading = try db.reading(id)
    let project = try db.project(reading.projectID)
    try MeterRule.checkRemoving(reading, from: project, in: db)
    return ChangePlan(
      change: .batch([.deleteReadings([reading]), touch(project, at: at)]),
      message: "Deleted reading \(id) of \(project.title): \(amount(reading, project))")
  }
}
