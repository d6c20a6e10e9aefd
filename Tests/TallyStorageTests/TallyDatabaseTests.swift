import Flow
import Foundation
import GRDB
import TallyApp
import TallyCore
import TallyState
import TallyStorage
import TestSupport
import Testing

@Suite struct TallyDatabaseTests {
  @Test func createsMissingFoldersAndAnEmptyDatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("a/b/c/tally.sqlite")
    let database = try TallyDatabase.open(
      at: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"))
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(try database.snapshot() == Snapshot())
  }

  @Test func reopensWithWhatWasWritten() throws {
    let folder = try TemporaryFolder()
    let location = DatabaseLocation(
      option: folder.path("t.sqlite"), environment: [:], homeDirectory: "/")
    let clock = TestClock()
    do {
      let store = try makeStore(try TallyDatabase.open(at: location))
      store.request(
        .addProject(NewProject(title: "Mileage", units: "km", frequency: .monthly), at: clock.now())
      )
    }
    let reopened = try TallyDatabase.open(at: location)
    #expect(try reopened.snapshot().projects.map(\.project.title) == ["Mileage"])
  }

  @Test func refusesAFileThatIsNotSQLiteAndLeavesItAlone() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("notes.txt")
    let content = Data(String(repeating: "not a database\n", count: 100).utf8)
    try content.write(to: URL(fileURLWithPath: path))
    #expect {
      try TallyDatabase.open(
        at: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"))
    } throws: { error in
      (error as? TallyError)?.message == "\(path) is not a tally database (it is not SQLite)"
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
  }

  @Test func refusesADatabaseFromANewerTallyAndLeavesItAlone() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("newer.sqlite")
    let location = DatabaseLocation(option: path, environment: [:], homeDirectory: "/")
    _ = try TallyDatabase.open(at: location)
    do {
      let queue = try DatabaseQueue(path: path)
      try queue.write { db in
        try db.execute(
          sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99 from the future')")
      }
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect {
      try TallyDatabase.open(at: location)
    } throws: { error in
      (error as? TallyError)?.message
        == "\(path) was written by a newer version of tally; it was left untouched"
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func anUnwritableFolderIsAClearError() throws {
    #expect {
      try TallyDatabase.open(
        at: DatabaseLocation(option: "/proc/tally/t.sqlite", environment: [:], homeDirectory: "/"))
    } throws: { error in
      (error as? TallyError)?.message.contains("cannot create the folder /proc/tally") == true
    }
  }

  @Test func usesWriteAheadLogging() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("wal.sqlite")
    _ = try TallyDatabase.open(
      at: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"))
    let mode = try DatabaseQueue(path: path).read { db in
      try String.fetchOne(db, sql: "PRAGMA journal_mode")
    }
    #expect(mode == "wal")
  }

  @Test func timestampsAndAmountsReadBackExactly() throws {
    let database = try TallyDatabase.inMemory()
    let store = try makeStore(database)
    let clock = TestClock()
    store.request(.addProject(NewProject(title: "Exact", frequency: .daily), at: clock.now()))
    let project = try #require(store.projectID("Exact"))
    let values: [(Int64, Double)] = [
      (1_705_307_415_123_457, 0.1), (-1, -0.000_000_1), (4_102_444_800_000_000, 1.0 / 3.0),
      (0, 123_456_789.987_654_32),
    ]
    for (micro, amount) in values {
      store.request(
        .addReading(
          NewReading(
            projectID: project, amount: amount,
            timestamp: Timestamp(microsecondsSince1970: micro)), at: clock.now()))
    }
    var read: [(Int64, Double)] = []
    try database.forEachReading(of: project) {
      read.append(($0.timestamp.microsecondsSince1970, $0.amount))
    }
    #expect(read.map(\.0) == values.map(\.0).sorted())
    for (micro, amount) in values {
      #expect(read.first { $0.0 == micro }?.1 == amount)
    }
  }

  /// Readings of one instant come in the order they were entered, whatever their amounts.
  ///
  /// Those of other instants come in time order, projects by title. The oracle sorts by
  /// (title, time, order added) itself.
  @Test func readingsOfOneInstantComeInTheOrderTheyWereEntered() throws {
    let database = try TallyDatabase.inMemory()
    let store = try makeStore(database)
    let clock = TestClock()
    var generator = SystemRandomNumberGenerator()
    for title in ["B", "A"] {
      store.request(.addProject(NewProject(title: title, frequency: .daily), at: clock.now()))
    }
    var added: [(title: String, micro: Int64, amount: Double)] = []
    for _ in 0..<300 {
      let title = Bool.random(using: &generator) ? "A" : "B"
      let micro = Int64.random(in: 0...4, using: &generator) * 1_000_000
      let amount = Double(Int.random(in: -5...5, using: &generator))
      store.request(
        .addReading(
          NewReading(
            projectID: try #require(store.projectID(title)), amount: amount,
            timestamp: Timestamp(microsecondsSince1970: micro)), at: clock.now()))
      added.append((title, micro, amount))
    }
    // Ids follow the order of adding: the oracle's (title, time, order added).
    let expected = added.enumerated().sorted {
      ($0.element.title, $0.element.micro, $0.offset) < (
        $1.element.title, $1.element.micro, $1.offset
      )
    }.map { "\($0.element.title) \($0.element.micro) \($0.element.amount)" }
    var listed: [String] = []
    try database.forEachReadingWithTitle { title, reading in
      listed.append("\(title) \(reading.timestamp.microsecondsSince1970) \(reading.amount)")
    }
    #expect(listed == expected)
    var ofA: [String] = []
    try database.forEachReading(of: try #require(store.projectID("A"))) { reading in
      ofA.append("A \(reading.timestamp.microsecondsSince1970) \(reading.amount)")
    }
    #expect(ofA == expected.filter { $0.hasPrefix("A ") })
  }

  @Test func deletingAProjectDeletesItsReadings() throws {
    let database = try TallyDatabase.inMemory()
    let store = try makeStore(database)
    let clock = TestClock()
    store.request(.addProject(NewProject(title: "Gone", frequency: .daily), at: clock.now()))
    let id = try #require(store.projectID("Gone"))
    store.request(
      .addReading(NewReading(projectID: id, amount: 1, timestamp: clock.now()), at: clock.now()))
    store.request(.deleteProject(id, at: clock.now()))
    var count = 0
    try database.forEachReadingWithTitle { _, _ in count += 1 }
    #expect(count == 0)
    #expect(store.state.stored.projects.isEmpty)
  }
}

@Suite struct SavedRouteTests {
  @Test func theScreenIsSavedAcrossOpenings() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("tally.sqlite")
    let report = SavedScreen(route: [.home, .project(ProjectID(rawValue: 3)), .report])
    do {
      let database = try TallyDatabase.open(
        at: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"))
      #expect(try database.savedScreen() == SavedScreen(route: []))
      try database.saveScreen(report)
      try database.saveScreen(SavedScreen(route: report.route, reportPeriod: .weekly))
    }
    let database = try TallyDatabase.open(
      at: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"))
    #expect(
      try database.savedScreen() == SavedScreen(route: report.route, reportPeriod: .weekly))
  }

  /// A route saved by a tally that kept no period (a bare JSON array) reads back; one it
  /// cannot read counts as none.
  @Test func aRouteSavedBeforePeriodsReadsBack() throws {
    let route: [Route] = [.home, .project(ProjectID(rawValue: 4)), .report]
    // What tally saved before: the route's JSON, as Foundation encodes it.
    let before = String(decoding: try JSONEncoder().encode(route), as: UTF8.self)
    #expect(SavedScreen.restored(fromSaved: before) == SavedScreen(route: route))
    #expect(try SavedScreen(route: route).savedText() == before)
    let saved = SavedScreen(route: route, reportPeriod: .quarterly)
    #expect(SavedScreen.restored(fromSaved: try saved.savedText()) == saved)
    #expect(SavedScreen.restored(fromSaved: "{\"route\": 7}") == SavedScreen(route: []))
  }

  @Test func theMiddlewareSavesNavigationsAndPeriodsButNotForms() throws {
    let database = try TallyDatabase.inMemory()
    let store = Store(
      state: AppState(stored: try database.snapshot()), reducer: AppState.reducer,
      middleware: [
        PersistenceMiddleware(storage: database), RouteMemoryMiddleware(storage: database),
      ])
    store.dispatch(.navigate(.push(.report)))
    #expect(try database.savedScreen() == SavedScreen(route: [.home, .report]))
    store.dispatch(.navigate(.setData(.report(.yearly), for: [.home, .report])))
    #expect(
      try database.savedScreen() == SavedScreen(route: [.home, .report], reportPeriod: .yearly))
    // Help is read through the pager: it is not reopened.
    store.dispatch(.navigate(.push(.help)))
    #expect(
      try database.savedScreen() == SavedScreen(route: [.home, .report], reportPeriod: .yearly))
    store.dispatch(.navigate(.setRoute([.home, .newProject])))
    #expect(try database.savedScreen() == SavedScreen(route: [.home]))
  }
}

@Suite struct DataVersionTests {
  @Test func onlyAnotherConnectionsCommitsChangeIt() throws {
    let folder = try TemporaryFolder()
    let location = DatabaseLocation(
      option: folder.path("tally.sqlite"), environment: [:], homeDirectory: "/")
    let mine = try TallyDatabase.open(at: location)
    let other = try TallyDatabase.open(at: location)
    let at = Timestamp(secondsSince1970: 0)
    let before = try mine.dataVersion()
    _ = try mine.perform(
      .addProject(NewProject(title: "Mine", frequency: .daily), at: at), openProject: nil)
    #expect(try mine.dataVersion() == before)
    _ = try other.perform(
      .addProject(NewProject(title: "Other", frequency: .daily), at: at), openProject: nil)
    #expect(try mine.dataVersion() != before)
  }
}
