import Flow
import Foundation
import GRDB
import TallyApp
import TallyCore
import TallyState
import TallyStorage
import TestSupport
import Testing

@Suite struct PersistenceMiddlewareTests {
  let clock = TestClock()

  func addProject(
    _ store: TallyStoreUnderTest, _ title: String, units: String = "",
    frequency: Frequency = .daily
  ) throws -> ProjectID {
    store.request(
      .addProject(NewProject(title: title, units: units, frequency: frequency), at: clock.now()))
    return try #require(store.projectID(title))
  }

  @discardableResult
  func addReading(_ store: TallyStoreUnderTest, _ project: ProjectID, _ amount: Double)
    -> TallyError?
  {
    store.request(
      .addReading(
        NewReading(projectID: project, amount: amount, timestamp: clock.now()), at: clock.now()))
  }

  @Test(arguments: Backend.allCases) func aCommittedRequestIsInTheStateAndTheDatabase(
    _ backend: Backend
  ) throws {
    let database = try backend.make()
    let store = try makeStore(database)
    let id = try addProject(store, "Mileage", units: "km", frequency: .monthly)
    #expect(store.state.status == "Created project Mileage")
    #expect(store.state.lastError == nil)
    #expect(store.state.stored == (try database.snapshot()))
    #expect(store.state.project(id: id)?.project.units == "km")
  }

  @Test(arguments: Backend.allCases) func aDuplicateTitleFailsAndChangesNothing(_ backend: Backend)
    throws
  {
    let database = try backend.make()
    let store = try makeStore(database)
    _ = try addProject(store, "Mileage")
    let before = store.state.stored
    let error = store.request(
      .addProject(NewProject(title: " MILEAGE ", frequency: .daily), at: clock.now()))
    #expect(error?.kind == .conflict)
    #expect(error?.message == "a project titled 'Mileage' already exists")
    #expect(store.state.stored == before)
    #expect(try database.snapshot() == before)
  }

  @Test(arguments: Backend.allCases) func renamingToAnotherProjectsTitleFails(_ backend: Backend)
    throws
  {
    let store = try makeStore(try backend.make())
    let a = try addProject(store, "A")
    _ = try addProject(store, "B")
    #expect(
      store.request(.editProject(a, ProjectEdit(title: "b"), at: clock.now()))?.kind == .conflict)
    // Changing only the case of its own title is allowed.
    #expect(store.request(.editProject(a, ProjectEdit(title: "a"), at: clock.now())) == nil)
    #expect(store.state.project(id: a)?.project.title == "a")
  }

  @Test(arguments: Backend.allCases) func readingsTouchTheirProjectAndTheListShowsTheNewestFirst(
    _ backend: Backend
  ) throws {
    let store = try makeStore(try backend.make())
    let first = try addProject(store, "First")
    let second = try addProject(store, "Second")
    #expect(store.state.stored.projects.map(\.id) == [second, first])
    addReading(store, first, 5)
    #expect(store.state.stored.projects.map(\.id) == [first, second])
    let summary = try #require(store.state.project(id: first))
    #expect(summary.readingCount == 1)
    #expect(summary.lastReadingAt != nil)
    #expect(summary.project.updatedAt > summary.project.createdAt)
  }

  @Test(arguments: Backend.allCases) func unknownIdsAreNotFound(_ backend: Backend) throws {
    let store = try makeStore(try backend.make())
    let missingProject = ProjectID(rawValue: 42)
    let missingReading = ReadingID(rawValue: 42)
    #expect(addReading(store, missingProject, 1)?.message == "there is no project 42")
    #expect(store.request(.deleteReading(missingReading, at: clock.now()))?.kind == .notFound)
    #expect(
      store.request(.editReading(missingReading, ReadingEdit(amount: 1), at: clock.now()))?.message
        == "there is no reading 42")
    #expect(store.request(.deleteProject(missingProject, at: clock.now()))?.kind == .notFound)
  }

  @Test(arguments: Backend.allCases) func invalidValuesNeverReachTheDatabase(_ backend: Backend)
    throws
  {
    let database = try backend.make()
    let store = try makeStore(database)
    let id = try addProject(store, "P")
    let before = try database.snapshot()
    #expect(addReading(store, id, .nan)?.kind == .invalidInput)
    #expect(
      store.request(.addProject(NewProject(title: " ", frequency: .daily), at: clock.now()))?.kind
        == .invalidInput)
    #expect(try database.snapshot() == before)
  }

  @Test(arguments: Backend.allCases) func editingAndDeletingReadings(_ backend: Backend) throws {
    let database = try backend.make()
    let store = try makeStore(database)
    let id = try addProject(store, "P")
    addReading(store, id, 5)
    var readings: [Reading] = []
    try database.forEachReading(of: id) { readings.append($0) }
    let reading = try #require(readings.first)
    #expect(
      store.request(
        .editReading(reading.id, ReadingEdit(amount: 7, note: "fixed"), at: clock.now())) == nil)
    readings = []
    try database.forEachReading(of: id) { readings.append($0) }
    #expect(readings.map(\.amount) == [7])
    #expect(readings.map(\.note) == ["fixed"])
    #expect(store.request(.editReading(reading.id, ReadingEdit(note: ""), at: clock.now())) == nil)
    readings = []
    try database.forEachReading(of: id) { readings.append($0) }
    #expect(readings.map(\.note) == [nil])
    #expect(store.request(.deleteReading(reading.id, at: clock.now())) == nil)
    #expect(store.state.project(id: id)?.readingCount == 0)
    #expect(store.state.project(id: id)?.lastReadingAt == nil)
  }

  @Test func aTimerRecordsTheElapsedTimeInTheProjectsUnits() throws {
    let folder = try TemporaryFolder()
    let location = DatabaseLocation(
      option: folder.path("t.sqlite"), environment: [:], homeDirectory: "/")
    let start = Timestamp(secondsSince1970: 1_700_000_000)
    var id: ProjectID
    do {
      let store = try makeStore(try TallyDatabase.open(at: location))
      id = try addProject(store, "Work", units: "min")
      #expect(store.request(.startTimer(id, at: start)) == nil)
      #expect(store.request(.startTimer(id, at: start))?.kind == .conflict)
    }
    // The timer survives a restart.
    let database = try TallyDatabase.open(at: location)
    let store = try makeStore(database)
    #expect(store.state.timer(for: id)?.startedAt == start)
    let stop = Timestamp(secondsSince1970: 1_700_000_000 + 150 * 60)
    // 22:13 to 00:43 in UTC; within one day in New York (17:13 to 19:43), so one reading.
    let newYork = TimeZone(identifier: "America/New_York") ?? .gmt
    #expect(store.request(.stopTimer(id, at: stop, zone: newYork)) == nil)
    // A project in minutes shows minutes.
    #expect(store.state.status == "Stopped the timer for Work after 2:30 (h:mm): recorded 150 min")
    #expect(store.state.stored.timers.isEmpty)
    var readings: [Reading] = []
    try database.forEachReading(of: id) { readings.append($0) }
    #expect(readings.map(\.amount) == [150])
    #expect(readings.map(\.timestamp) == [start])
    #expect(store.request(.stopTimer(id, at: stop))?.message == "no timer is running for Work")
  }

  @Test(arguments: Backend.allCases) func aTimerIsRoundedToTheSecondTakesANoteAndCanBeCancelled(
    _ backend: Backend
  ) throws {
    let database = try backend.make()
    let store = try makeStore(database)
    let id = try addProject(store, "Writing", units: "h")
    let start = Timestamp(secondsSince1970: 1_700_000_000)
    #expect(store.request(.startTimer(id, at: start)) == nil)
    #expect(store.state.status == "Started a timer for Writing")
    // 39.2 seconds: recorded as 39 seconds in hours; under a minute, the message keeps the
    // seconds, where a clock of minutes would say 0:01.
    let stop = Timestamp(microsecondsSince1970: start.microsecondsSince1970 + 39_200_000)
    #expect(store.request(.stopTimer(id, note: "draft", at: stop)) == nil)
    #expect(
      store.state.status
        == "Stopped the timer for Writing after 0:00:39 (h:mm:ss): recorded 0:00:39 h")
    var readings: [Reading] = []
    try database.forEachReading(of: id) { readings.append($0) }
    #expect(readings.map(\.amount) == [39.0 / 3_600])
    #expect(readings.map(\.note) == ["draft"])

    #expect(store.request(.startTimer(id, at: stop)) == nil)
    let later = Timestamp(secondsSince1970: 1_700_000_000 + 3_725)
    #expect(store.request(.cancelTimer(id, at: later)) == nil)
    #expect(
      store.state.status
        == "Cancelled the timer for Writing after 1:01 (h:mm); nothing was recorded")
    #expect(store.state.stored.timers.isEmpty)
    #expect(store.state.project(id: id)?.readingCount == 1)
    // Undo brings the timer back as it was.
    #expect(store.request(.undo(at: Timestamp(microsecondsSince1970: 0))) == nil)
    #expect(store.state.timer(for: id)?.startedAt == stop)
    #expect(store.request(.cancelTimer(ProjectID(rawValue: 99), at: later))?.kind == .notFound)
  }

  @Test(arguments: Backend.allCases) func aTimerRunsOnlyOnUnitsOfTime(_ backend: Backend) throws {
    let store = try makeStore(try backend.make())
    let mileage = try addProject(store, "Mileage", units: "km")
    let start = Timestamp(secondsSince1970: 1_700_000_000)
    let refusal = store.request(.startTimer(mileage, at: start))
    #expect(refusal?.kind == .invalidInput)
    #expect(
      refusal?.message == "a timer records time; the units of Mileage (km) are not a unit of time")
    #expect(store.state.stored.timers.isEmpty)
    let plain = try addProject(store, "Count")
    #expect(
      store.request(.startTimer(plain, at: start))?.message
        == "a timer records time; the units of Count are not given")

    // Units changed to something else while the timer ran: its time is not recorded as pages;
    // the stop says why, and with units of time again it records the time it ran.
    let writing = try addProject(store, "Writing", units: "h")
    #expect(store.request(.startTimer(writing, at: start)) == nil)
    #expect(store.request(.editProject(writing, ProjectEdit(units: "pages"), at: start)) == nil)
    let stop = Timestamp(secondsSince1970: 1_700_005_400)
    #expect(
      store.request(.stopTimer(writing, at: stop))?.message
        == "the timer of Writing cannot record its time: the project's units (pages) are not a "
        + "unit of time")
    #expect(store.state.timer(for: writing) != nil)
    #expect(store.request(.editProject(writing, ProjectEdit(units: "min"), at: stop)) == nil)
    #expect(store.request(.stopTimer(writing, at: stop)) == nil)
    #expect(
      store.state.status == "Stopped the timer for Writing after 1:30 (h:mm): recorded 90 min")
  }

  @Test func undoAndRedoWorkAcrossRestarts() throws {
    let folder = try TemporaryFolder()
    let location = DatabaseLocation(
      option: folder.path("u.sqlite"), environment: [:], homeDirectory: "/")
    let id: ProjectID
    do {
      let store = try makeStore(try TallyDatabase.open(at: location))
      id = try addProject(store, "P")
      addReading(store, id, 1)
      addReading(store, id, 2)
    }
    do {
      let store = try makeStore(try TallyDatabase.open(at: location))
      #expect(store.request(.undo(at: Timestamp(microsecondsSince1970: 0))) == nil)
      #expect(store.state.status == "Undid: Added reading 2 to P: 2")
      #expect(store.state.project(id: id)?.readingCount == 1)
    }
    do {
      let store = try makeStore(try TallyDatabase.open(at: location))
      #expect(store.request(.redo(at: Timestamp(microsecondsSince1970: 0))) == nil)
      #expect(store.state.project(id: id)?.readingCount == 2)
    }
  }

  @Test(arguments: Backend.allCases) func undoingAProjectDeleteRestoresItWithItsReadingsAndIds(
    _ backend: Backend
  ) throws {
    let database = try backend.make()
    let store = try makeStore(database)
    let id = try addProject(store, "P", units: "h")
    for amount in [1.0, 2, 3] { addReading(store, id, amount) }
    #expect(store.request(.startTimer(id, at: clock.now())) == nil)
    let before = try database.snapshot()
    var readingsBefore: [Reading] = []
    try database.forEachReading(of: id) { readingsBefore.append($0) }

    #expect(store.request(.deleteProject(id, at: clock.now())) == nil)
    #expect(store.state.stored.projects.isEmpty)
    #expect(store.request(.undo(at: Timestamp(microsecondsSince1970: 0))) == nil)

    var readingsAfter: [Reading] = []
    try database.forEachReading(of: id) { readingsAfter.append($0) }
    #expect(readingsAfter == readingsBefore)
    #expect(try database.snapshot() == before)
    #expect(store.state.stored == (try database.snapshot()))
  }

  @Test(arguments: Backend.allCases) func aNewChangeDiscardsWhatCouldBeRedone(_ backend: Backend)
    throws
  {
    let store = try makeStore(try backend.make())
    let id = try addProject(store, "P")
    addReading(store, id, 1)
    store.request(.undo(at: Timestamp(microsecondsSince1970: 0)))
    addReading(store, id, 2)
    #expect(
      store.request(.redo(at: Timestamp(microsecondsSince1970: 0)))?.message
        == "there is nothing to redo")
  }

  @Test(arguments: Backend.allCases) func nothingToUndoIsAnError(_ backend: Backend) throws {
    let store = try makeStore(try backend.make())
    #expect(
      store.request(.undo(at: Timestamp(microsecondsSince1970: 0)))?.message
        == "there is nothing to undo")
  }

  @Test(arguments: Backend.allCases)
  func theJournalKeepsAboutItsLimitAndUndoGoesOnWorking(_ backend: Backend) throws {
    let database = try backend.make()
    let store = try makeStore(database)
    let id = try addProject(store, "P")
    let limit = TallyDatabase.journalLimit
    for amount in 0..<(limit + 40) {
      #expect(addReading(store, id, Double(amount)) == nil)
    }
    // SQLite cuts it back on every change; PostgreSQL every 32 entries, after the change.
    let kept = try database.journal(limit: 10 * limit).count
    #expect(kept >= limit && kept <= limit + 32)
    #expect(store.request(.undo(at: Timestamp(microsecondsSince1970: 0))) == nil)
    #expect(store.state.stored.projects.first?.readingCount == limit + 39)
  }

  @Test(arguments: Backend.allCases) func theJournalListsChangesNewestFirst(_ backend: Backend)
    throws
  {
    let database = try backend.make()
    let store = try makeStore(database)
    let id = try addProject(store, "P", units: "km")
    addReading(store, id, 4)
    store.request(.undo(at: Timestamp(microsecondsSince1970: 0)))
    let journal = try database.journal(limit: 10)
    #expect(journal.map(\.description) == ["Added reading 1 to P: 4 km", "Created project P"])
    #expect(journal.map(\.isUndone) == [true, false])
  }

  @Test func aFailedWriteLeavesStateAndDatabaseAsTheyWere() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("f.sqlite")
    let database = try TallyDatabase.open(
      at: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"))
    let store = try makeStore(database)
    let id = try addProject(store, "P")
    // Another program makes every new reading fail, as a full disk would.
    try DatabaseQueue(path: path).write { db in
      try db.execute(
        sql:
          "CREATE TRIGGER refuse BEFORE INSERT ON reading BEGIN SELECT RAISE(ABORT, 'refused'); END"
      )
    }
    let before = try database.snapshot()
    let error = addReading(store, id, 1)
    #expect(error?.message == "cannot add the reading: refused")
    #expect(error?.hint == "Nothing was changed.")
    #expect(store.state.stored == before)
    #expect(try database.snapshot() == before)
  }

  @Test func aDatabaseKeptBusyByAnotherProgramFailsCleanly() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("busy.sqlite")
    let location = DatabaseLocation(option: path, environment: [:], homeDirectory: "/")
    let database = try TallyDatabase.open(at: location, busyTimeout: 0.1)
    let store = try makeStore(database)
    let id = try addProject(store, "P")
    let other = try DatabaseQueue(path: path)
    try other.writeWithoutTransaction { db in
      try db.execute(sql: "BEGIN IMMEDIATE")
      let error = addReading(store, id, 1)
      #expect(error?.message.contains("busy") == true)
      try db.execute(sql: "ROLLBACK")
    }
    #expect(store.state.project(id: id)?.readingCount == 0)
    #expect(addReading(store, id, 1) == nil)
  }

  @Test(arguments: Backend.allCases) func openingAProjectLoadsItsLatestReadings(_ backend: Backend)
    throws
  {
    let store = try makeStore(try backend.make())
    let id = try addProject(store, "P")
    for amount in 1...3 { addReading(store, id, Double(amount)) }
    #expect(store.state.stored.openProject == nil)
    store.dispatch(.navigate(.push(.project(id))))
    #expect(store.state.stored.openProject?.readings.map(\.amount) == [3, 2, 1])
    addReading(store, id, 4)
    #expect(store.state.stored.openProject?.readings.map(\.amount) == [4, 3, 2, 1])
    store.dispatch(.navigate(.pop))
    #expect(store.state.stored.openProject == nil)
  }
}

typealias TallyStoreUnderTest = Flow.Store<AppState, TallyAction>
