public import Foundation

/// A meter's dial only counts up: each reading is at least the one before it in time, unless
/// it is marked as a reset (the meter was reset or replaced and counts from 0 again).
public enum MeterRule {
  /// Fails when `reading` would come right after `previous` on a meter and is lower without
  /// being a reset; `hint` says what to do about it.
  static func check(
    _ previous: Reading?, then reading: Reading?, in project: Project, hint: String,
    newReading: ReadingID? = nil, zone: TimeZone
  ) throws(TallyError) {
    guard let previous, let reading, !reading.isReset, reading.amount < previous.amount else {
      return
    }
    // A reading being added has no id yet that a person could use.
    throw error(
      MeterFall(previous: previous, reading: reading), in: project,
      name: { $0.id == newReading ? "the new reading" : nil }, hint: hint, zone: zone)
  }

  /// The error for an import that leaves a meter reading lower than the one before it;
  /// `line` names the file line of each reading the import brought in.
  public static func importError(
    _ fall: MeterFall, in project: Project, zone: TimeZone, line: (Reading) -> Int?
  ) -> TallyError {
    let hint =
      if line(fall.reading) != nil {
        "If the meter was reset or replaced there, write `yes` in a `reset` column on that row."
      } else {
        "Check the amount of that row: reading \(fall.reading.id), stored after it, is lower."
      }
    return error(
      fall, in: project, name: { reading in line(reading).map { "the row on line \($0)" } },
      hint: "Nothing was imported. " + hint, zone: zone)
  }

  /// The error for a change that would leave the readings of `project` falling at `fall`,
  /// found after the change was written: an undo, a redo, a copy.
  static func brokenError(
    _ fall: MeterFall, in project: Project, doing operation: String, zone: TimeZone
  ) -> TallyError {
    TallyError(
      .conflict,
      "cannot \(operation): \(describe(fall, in: project, verb: "would be", zone: zone)): "
        + "\(project.title) is a meter, whose readings only count up",
      hint: "Nothing was changed. If the meter was reset or replaced at reading "
        + "\(fall.reading.id), mark it as a reset (`tally item edit \(fall.reading.id) --reset`) "
        + "and try again.")
  }

  private static func error(
    _ fall: MeterFall, in project: Project, name: (Reading) -> String?, hint: String,
    zone: TimeZone
  ) -> TallyError {
    TallyError(
      .invalidInput,
      "\(describe(fall, in: project, name: name, zone: zone)): \(project.title) is a meter, "
        + "whose readings only count up", hint: hint)
  }

  /// `reading 7 (900 km at …) is lower than reading 6 (1000 km at …) before it`, the times
  /// in `zone` (UTC by default, as `tally check` writes them).
  static func describe(
    _ fall: MeterFall, in project: Project, verb: String = "is",
    name: (Reading) -> String? = { _ in nil },
    zone: TimeZone = TimeZone(identifier: "UTC") ?? .current
  ) -> String {
    func describe(_ reading: Reading) -> String {
      let amount = project.shownWithUnits(reading.amount)
      let which = name(reading) ?? "reading \(reading.id)"
      return "\(which) (\(amount) at \(TimestampFormat.iso8601(reading.timestamp, in: zone)))"
    }
    return describe(fall.reading) + " \(verb) lower than " + describe(fall.previous)
      + " before it"
  }

  /// Checks that adding `reading` to `project` keeps its readings counting up; a reading
  /// marked as a reset belongs to a meter.
  static func checkAdding(
    _ reading: Reading, to project: Project, in db: some StoredFacts
  ) throws {
    guard project.kind == .meter else {
      guard !reading.isReset else {
        throw TallyError(
          .invalidInput,
          "--reset marks a meter's reading; \(project.title) is a \(project.kind.rawValue) project",
          hint: "`tally project edit \(project.title) --kind meter` makes it a meter.")
      }
      return
    }
    let new = try reading.id.rawValue >= db.nextID(of: .reading)
    if reading.isReset, reading.amount < 0 {
      throw TallyError(
        .invalidInput,
        "a meter reset or replaced counts again from 0, so a reset reading is never below 0: "
          + "\(new ? "the new reading" : "reading \(reading.id)") would be a reset at "
          + project.shownWithUnits(reading.amount),
        hint: "Nothing was changed. Give the dial's reading after the reset (0 or more).")
    }
    let key = ReadingOrder.Key(reading)
    let previous = try db.reading(of: project.id, .before, of: key, excluding: reading.id)
    let next = try db.reading(of: project.id, .after, of: key, excluding: reading.id)
    try check(
      previous, then: reading, in: project,
      hint: "If the meter was reset or replaced, mark the reading as a reset: "
        + (new ? "add it with --reset." : "`--reset` with `tally item edit \(reading.id)`."),
      newReading: new ? reading.id : nil, zone: db.zone)
    if let next {
      try check(
        reading, then: next, in: project,
        hint: "Check the amount: reading \(next.id) after it is lower. If the meter was reset "
          + "or replaced at \(next.id), mark that one: `tally item edit \(next.id) --reset`.",
        newReading: new ? reading.id : nil, zone: db.zone)
    }
  }

  /// Checks that taking `reading` out of `project` keeps its readings counting up: the
  /// readings on either side of it become neighbours.
  static func checkRemoving(
    _ reading: Reading, from project: Project, in db: some StoredFacts
  ) throws {
    guard project.kind == .meter else { return }
    let key = ReadingOrder.Key(reading)
    let previous = try db.reading(of: project.id, .before, of: key, excluding: reading.id)
    let next = try db.reading(of: project.id, .after, of: key, excluding: reading.id)
    if let next {
      try check(
        previous, then: next, in: project,
        hint: "Without reading \(reading.id), reading \(next.id) would be lower than the one "
          + "before it. Mark \(next.id) as a reset first (`tally item edit \(next.id) --reset`) "
          + "if the meter was reset or replaced then.", zone: db.zone)
    }
  }

  /// Checks that `project`'s stored readings count up, before it becomes a meter.
  static func checkBecomingMeter(_ project: Project, in db: some StoredFacts) throws {
    guard let fall = try db.firstFall(of: project.id) else { return }
    throw TallyError(
      .conflict,
      "\(project.title) cannot become a meter: \(describe(fall, in: project, zone: db.zone))",
      hint: "A meter's readings only count up. Correct the lower reading first "
        + "(`tally item edit \(fall.reading.id) --amount N`) or delete it "
        + "(`tally item delete \(fall.reading.id)`); once the project is a meter, a reading where "
        + "the meter was reset or replaced can be marked with `--reset`.")
  }
}
