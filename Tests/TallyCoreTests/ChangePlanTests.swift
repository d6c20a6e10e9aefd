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
  func nextID(of kind: NewRowKind) throws -> Int64 {
    switch kind {
    case .project: Int64(projects.count + 1)
    case .reading: Int64(readings.count + 1)
    case .importBatch: Int64(batches.count + 1)
    }
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
    #expect(throws: TallyError.self) {
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
    let facts = FakeFacts(projects: [car], timers: [timer])
    #expect(throws: TallyError.self) {
      try ChangePlan.plan(.startTimer(car.id, at: t1), in: facts)
    }
    #expect(throws: TallyError.self) {
      try ChangePlan.plan(.stopTimer(car.id, at: t0), in: facts)
    }
    #expect(throws: TallyError.self) {
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
    #expect(plan.message == "Stopped the timer for Car after 1:00 (h:mm): recorded 1 hours")
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
    #expect(throws: TallyError.self) {
      try ChangePlan.plan(.undoImport(batch.id, at: t1), in: FakeFacts(batches: [batch]))
    }
    let plan = try ChangePlan.plan(
      .undoImport(batch.id, at: t1), in: FakeFacts(projects: [car], batches: [batch]))
    #expect(plan.message == "Took out import 1 (a.csv): 2 reading(s) from Car")
    batch.isUndone = true
    #expect(throws: TallyError.self) {
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
}
