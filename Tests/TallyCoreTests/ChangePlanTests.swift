import TallyCore
import Testing

/// Stored rows for the rules, held in memory: what any storage's transaction would answer.
struct FakeFacts: StoredFacts {
  var projects: [Project] = []
  var readings: [Reading] = []
  var timers: [RunningTimer] = []
  var batches: [ImportBatch] = []

  func projectIfAny(_ id: ProjectID) throws -> Project? { projects.first { $0.id == id } }
  func project(titled title: String) throws -> Project? {
    projects.first { Project.titleKey($0.title) == Project.titleKey(title) }
  }
  func readingCount(of project: ProjectID) throws -> Int {
    readings.count { $0.projectID == project }
  }
  func reading(_ id: ReadingID) throws -> Reading {
    guard let reading = readings.first(where: { $0.id == id }) else {
      throw TallyError(.notFound, "there is no reading \(id)")
    }
    return reading
  }
  func timer(of project: ProjectID) throws -> RunningTimer? {
    timers.first { $0.projectID == project }
  }
  func importBatch(_ id: ImportBatchID) throws -> ImportBatch {
    guard let batch = batches.first(where: { $0.id == id }) else {
      throw TallyError(.notFound, "there is no import \(id)")
    }
    return batch
  }
  func heldReadings(of batch: ImportBatch) throws -> Int {
    readings.filter { $0.batchID == batch.id }.count
  }
  func importBatches(of project: ProjectID, sha256: String) throws -> [ImportBatch] {
    batches.filter { $0.projectID == project && $0.sha256 == sha256 }
  }
  func nextID(of kind: NewRowKind) throws -> Int64 {
    switch kind {
    case .project: Int64(projects.count + 1)
    case .reading: Int64(readings.count + 1)
    case .importBatch: Int64(batches.count + 1)
    }
  }

  /// The project's readings sorted by time, then id: the order the rules speak of.
  private func ordered(_ project: ProjectID) -> [Reading] {
    readings.filter { $0.projectID == project }.sorted { $0.precedes($1) }
  }

  func reading(
    of project: ProjectID, _ side: ReadingOrder.Side, of key: ReadingOrder.Key,
    excluding: ReadingID?
  ) throws -> Reading? {
    let others = ordered(project).filter { $0.id != excluding }
    switch side {
    case .before: return others.last { ReadingOrder.Key($0) < key }
    case .after: return others.first { key < ReadingOrder.Key($0) }
    }
  }

  func firstFall(of project: ProjectID) throws -> MeterFall? {
    let readings = ordered(project)
    for (previous, reading) in zip(readings, readings.dropFirst())
    where !reading.isReset && reading.amount < previous.amount {
      return MeterFall(previous: previous, reading: reading)
    }
    return nil
  }
}

/// tally's rules, decided without any storage.
@Suite struct ChangePlanTests {
  let t0 = Timestamp(secondsSince1970: 1_000)
  let t1 = Timestamp(secondsSince1970: 4_600)

  var car: Project {
    Project(
      id: ProjectID(rawValue: 1), title: "Car", units: "km", frequency: .monthly, createdAt: t0,
      updatedAt: t0)
  }

  @Test func titlesAreUniqueIgnoringCase() throws {
    let facts = FakeFacts(projects: [car])
    #expect(
      throws: TallyError(
        .conflict, "a project titled 'Car' already exists",
        hint: "Titles are unique, ignoring case; choose another.")
    ) {
      try ChangePlan.plan(
        .addProject(NewProject(title: "CAR", frequency: .daily), at: t1), in: facts)
    }
    let plan = try ChangePlan.plan(
      .addProject(NewProject(title: "Bike", frequency: .daily), at: t1), in: facts)
    guard case .insertProject(let bike) = plan.change else {
      Issue.record("not an insert: \(plan.change)")
      return
    }
    #expect(bike.id == ProjectID(rawValue: 2))
    #expect(plan.message == "Created project Bike")
  }

  @Test func renamingToItsOwnTitleInAnotherCaseIsAllowed() throws {
    let plan = try ChangePlan.plan(
      .editProject(car.id, ProjectEdit(title: "CAR"), at: t1), in: FakeFacts(projects: [car]))
    #expect(plan.message == "Changed project CAR")
  }

  @Test func aReadingTouchesItsProject() throws {
    let plan = try ChangePlan.plan(
      .addReading(NewReading(projectID: car.id, amount: 42, timestamp: t0), at: t1),
      in: FakeFacts(projects: [car]))
    var touched = car
    touched.updatedAt = t1
    let reading = Reading(
      id: ReadingID(rawValue: 1), projectID: car.id, amount: 42, timestamp: t0, note: nil)
    #expect(
      plan.change
        == .batch([.insertReadings([reading]), .updateProject(before: car, after: touched)]))
    #expect(plan.message == "Added reading 1 to Car: 42 km")
  }

  @Test func aProjectHasOneTimerThatStopsAfterItStarted() throws {
    let timer = RunningTimer(projectID: car.id, startedAt: t1)
    var timed = car
    timed.units = "h"
    let facts = FakeFacts(projects: [timed], timers: [timer])
    #expect(
      throws: TallyError(
        .conflict, "a timer is already running for Car since 1970-01-01T01:16:40+00:00",
        hint: "Stop it first with `tally timer stop Car`.")
    ) {
      try ChangePlan.plan(.startTimer(car.id, at: t1), in: facts)
    }
    #expect(
      throws: TallyError(
        .invalidInput,
        "the timer for Car started at 1970-01-01 01:16:40, after the stop time "
          + "1970-01-01 00:16:40",
        hint: "`tally timer cancel Car` stops it without recording anything.")
    ) {
      try ChangePlan.plan(.stopTimer(car.id, at: t0), in: facts)
    }
    #expect(
      throws: TallyError(
        .conflict, "no timer is running for Car",
        hint: "Start one with `tally timer start Car`.")
    ) {
      try ChangePlan.plan(.stopTimer(car.id, at: t1), in: FakeFacts(projects: [car]))
    }
  }

  @Test func stoppingRecordsTheElapsedTimeFromTheStart() throws {
    var hours = car
    hours.units = "hours"
    let started = RunningTimer(projectID: car.id, startedAt: t0)
    let plan = try ChangePlan.plan(
      .stopTimer(car.id, note: nil, at: t1), in: FakeFacts(projects: [hours], timers: [started]))
    guard case .batch(let changes) = plan.change, case .insertReadings(let readings) = changes[1]
    else {
      Issue.record("no reading: \(plan.change)")
      return
    }
    #expect(readings.first?.amount == 1)
    #expect(readings.first?.timestamp == t0)
    #expect(readings.first?.note == "timer")
    #expect(plan.message == "Stopped the timer for Car after 1:00 (h:mm): recorded 1:00 h")
  }

  @Test func cancellingLeavesTheProjectAsItWas() throws {
    let started = RunningTimer(projectID: car.id, startedAt: t0)
    let plan = try ChangePlan.plan(
      .cancelTimer(car.id, at: t1), in: FakeFacts(projects: [car], timers: [started]))
    #expect(plan.change == .stopTimer(started))
  }

  @Test func anImportIsUndoneOnceAndOnlyWhileItsProjectExists() throws {
    var batch = ImportBatch(
      id: ImportBatchID(rawValue: 1), projectID: car.id, fileName: "a.csv", sha256: "", at: t0,
      imported: 2, duplicates: 0, skipped: 0)
    #expect(
      throws: TallyError(
        .conflict, "the project of import 1 has been deleted",
        hint: "`tally undo` the deletion first.")
    ) {
      try ChangePlan.plan(.undoImport(batch.id, at: t1), in: FakeFacts(batches: [batch]))
    }
    // Of its 2 readings, 1 is left (the other was deleted since): the message counts that one.
    let left = Reading(
      id: ReadingID(rawValue: 1), projectID: car.id, amount: 1, timestamp: t0, note: nil,
      batchID: batch.id)
    let plan = try ChangePlan.plan(
      .undoImport(batch.id, at: t1),
      in: FakeFacts(projects: [car], readings: [left], batches: [batch]))
    #expect(plan.message == "Took out import 1 (a.csv): 1 reading(s) from Car")
    batch.isUndone = true
    #expect(
      throws: TallyError(
        .conflict, "import 1 is already undone",
        hint: "`tally log` shows the change that took it out; undoing that change "
          + "brings it back (`tally undo` while it is the latest change).")
    ) {
      try ChangePlan.plan(
        .undoImport(batch.id, at: t1), in: FakeFacts(projects: [car], batches: [batch]))
    }
  }

  @Test func deletingAProjectSetsItsReadingsAsideAndStopsItsTimer() throws {
    let timer = RunningTimer(projectID: car.id, startedAt: t0)
    let reading = Reading(
      id: ReadingID(rawValue: 1), projectID: car.id, amount: 1, timestamp: t0, note: nil)
    let plan = try ChangePlan.plan(
      .deleteProject(car.id, at: t1),
      in: FakeFacts(projects: [car], readings: [reading], timers: [timer]))
    #expect(
      plan.change == .batch([.stopTimer(timer), .setAsideReadings(car.id), .deleteProject(car)]))
    #expect(plan.message == "Deleted project Car and its 1 reading(s)")
  }

  var odometer: Project {
    Project(
      id: ProjectID(rawValue: 2), title: "Odometer", units: "km", frequency: .monthly,
      kind: .meter, createdAt: t0, updatedAt: t0)
  }

  func dial(_ amounts: [Double], resetAt: Int? = nil) -> [Reading] {
    amounts.enumerated().map { index, amount in
      Reading(
        id: ReadingID(rawValue: Int64(index + 1)), projectID: odometer.id, amount: amount,
        timestamp: Timestamp(secondsSince1970: Int64(index) * 86_400), note: nil,
        isReset: index == resetAt)
    }
  }

  func add(_ amount: Double, day: Double, reset: Bool = false) -> Request {
    .addReading(
      NewReading(
        projectID: odometer.id, amount: amount,
        timestamp: Timestamp(secondsSince1970: Int64(day * 86_400)), isReset: reset), at: t1)
  }

  @Test func aMeterRefusesAReadingLowerThanTheOneBeforeIt() throws {
    let facts = FakeFacts(projects: [odometer], readings: dial([100, 200, 300]))
    #expect(
      throws: TallyError(
        .invalidInput,
        "the new reading (150 km at 1970-01-04T00:00:00+00:00) is lower than "
          + "reading 3 (300 km at 1970-01-03T00:00:00+00:00) before it: Odometer "
          + "is a meter, whose readings only count up",
        hint: "If the meter was reset or replaced, mark the reading as a reset: "
          + "add it with --reset.")
    ) { try ChangePlan.plan(add(150, day: 3), in: facts) }
    // Between two readings it must fit between them.
    #expect(
      throws: TallyError(
        .invalidInput,
        "reading 2 (200 km at 1970-01-02T00:00:00+00:00) is lower than the "
          + "new reading (250 km at 1970-01-01T12:00:00+00:00) before it: "
          + "Odometer is a meter, whose readings only count up",
        hint: "Check the amount: reading 2 after it is lower. If the meter was "
          + "reset or replaced at 2, mark that one: `tally item edit 2 --reset`.")
    ) { try ChangePlan.plan(add(250, day: 0.5), in: facts) }
    _ = try ChangePlan.plan(add(250, day: 1.5), in: facts)
    _ = try ChangePlan.plan(add(300, day: 3), in: facts)
    // A reset may be lower, but the reading after it must not be lower than it.
    _ = try ChangePlan.plan(add(5, day: 3, reset: true), in: facts)
    _ = try ChangePlan.plan(add(5, day: 1.5, reset: true), in: facts)
    #expect(
      throws: TallyError(
        .invalidInput,
        "reading 3 (300 km at 1970-01-03T00:00:00+00:00) is lower than the "
          + "new reading (400 km at 1970-01-02T12:00:00+00:00) before it: "
          + "Odometer is a meter, whose readings only count up",
        hint: "Check the amount: reading 3 after it is lower. If the meter was "
          + "reset or replaced at 3, mark that one: `tally item edit 3 --reset`.")
    ) {
      try ChangePlan.plan(add(400, day: 1.5, reset: true), in: facts)
    }
  }

  @Test func aTotalTakesAnyAmount() throws {
    var total = odometer
    total.kind = .total
    let facts = FakeFacts(projects: [total], readings: dial([100, 200, 300]))
    _ = try ChangePlan.plan(add(1, day: 3), in: facts)
  }

  @Test func deletingOrUnmarkingAResetThatHoldsTheDialUpIsRefused() throws {
    let facts = FakeFacts(projects: [odometer], readings: dial([100, 200, 5, 50], resetAt: 2))
    let reset = ReadingID(rawValue: 3)
    // Deleted, the readings on both sides of the reset would meet.
    let refusal = TallyError(
      .invalidInput,
      "reading 4 (50 km at 1970-01-04T00:00:00+00:00) is lower than "
        + "reading 2 (200 km at 1970-01-02T00:00:00+00:00) before it: Odometer "
        + "is a meter, whose readings only count up",
      hint: "Without reading 3, reading 4 would be lower than the one before it. "
        + "Mark 4 as a reset first (`tally item edit 4 --reset`) if the meter "
        + "was reset or replaced then.")
    #expect(
      throws: refusal
    ) {
      try ChangePlan.plan(.deleteReading(reset, at: t1), in: facts)
    }
    #expect(
      throws: TallyError(
        .invalidInput,
        "reading 3 (5 km at 1970-01-03T00:00:00+00:00) is lower than reading 2 (200 km at "
          + "1970-01-02T00:00:00+00:00) before it: Odometer is a meter, whose readings only "
          + "count up",
        hint: "Reading 3 is marked as a reset, which lets it be lower than the one before it; "
          + "it needs the mark while its amount is lower.")
    ) {
      try ChangePlan.plan(.editReading(reset, ReadingEdit(isReset: false), at: t1), in: facts)
    }
    // The reading after the reset can go: 5 then nothing.
    _ = try ChangePlan.plan(.deleteReading(ReadingID(rawValue: 4), at: t1), in: facts)
    // Moving a reading is checked where it lands: 50 right after 100.
    #expect(
      throws: TallyError(
        .invalidInput,
        "reading 4 (50 km at 1970-01-01T12:00:00+00:00) is lower than "
          + "reading 1 (100 km at 1970-01-01T00:00:00+00:00) before it: Odometer "
          + "is a meter, whose readings only count up",
        hint: "If the meter was reset or replaced, mark the reading as a reset: "
          + "`--reset` with `tally item edit 4`.")
    ) {
      try ChangePlan.plan(
        .editReading(
          ReadingID(rawValue: 4), ReadingEdit(timestamp: Timestamp(secondsSince1970: 43_200)),
          at: t1), in: facts)
    }
  }

  @Test func aProjectBecomesAMeterOnlyIfItsReadingsCountUp() throws {
    var total = odometer
    total.kind = .total
    let falling = FakeFacts(projects: [total], readings: dial([100, 90, 300]))
    #expect {
      try ChangePlan.plan(.editProject(total.id, ProjectEdit(kind: .meter), at: t1), in: falling)
    } throws: { error in
      (error as? TallyError)?.message
        == "Odometer cannot become a meter: reading 2 (90 km at \(Timestamp(secondsSince1970: 86_400))) is lower than reading 1 (100 km at \(Timestamp(secondsSince1970: 0))) before it"
    }
    let rising = FakeFacts(projects: [total], readings: dial([100, 190, 300]))
    let plan = try ChangePlan.plan(
      .editProject(total.id, ProjectEdit(kind: .meter), at: t1), in: rising)
    guard case .updateProject(_, let after) = plan.change else {
      Issue.record("not a project update: \(plan.change)")
      return
    }
    #expect(after.kind == .meter)
  }

  @Test func goalsKeepTheirHistory() throws {
    let weekly = Goal(amount: 150, per: .weekly, direction: .atLeast)
    let facts = FakeFacts(projects: [car])
    let set = try ChangePlan.plan(
      .editProject(car.id, ProjectEdit(goal: .set(weekly)), at: t1), in: facts)
    guard case .updateProject(let before, var after) = set.change else {
      Issue.record("not a project update: \(set.change)")
      return
    }
    #expect(before.goals.isEmpty)
    #expect(after.goals == [GoalSetting(since: t1, goal: weekly)])
    #expect(after.goal == weekly)
    // The same goal again adds nothing; a removal is a setting of its own.
    let again = try ChangePlan.plan(
      .editProject(car.id, ProjectEdit(goal: .set(weekly)), at: t1),
      in: FakeFacts(projects: [after]))
    guard case .updateProject(_, let unchanged) = again.change else { return }
    #expect(unchanged.goals == after.goals)
    let t2 = Timestamp(secondsSince1970: 9_000)
    after.goals.append(GoalSetting(since: t2, goal: nil))
    #expect(after.goal == nil)
    #expect(after.goals.goal(forPeriodEndingAt: t2) == weekly)
    #expect(after.goals.goal(forPeriodEndingAt: Timestamp(secondsSince1970: 9_001)) == nil)
    // The first goal judges every period, also those before it was set.
    #expect(after.goals.goal(forPeriodEndingAt: t1) == weekly)
    #expect(after.goals.goal(forPeriodEndingAt: Timestamp(secondsSince1970: 0)) == weekly)
  }
}
