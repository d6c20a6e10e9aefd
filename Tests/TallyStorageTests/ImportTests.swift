import Flow
import Foundation
import GRDB
import TallyCore
import TallyStorage
import TestSupport
import Testing

@Suite struct ImportTests {
  let clock = TestClock()

  func row(_ line: Int, _ seconds: Int64, _ amount: Double, _ note: String? = nil)
    -> ImportedReading
  {
    ImportedReading(
      line: line, timestamp: Timestamp(secondsSince1970: seconds), amount: amount, note: note)
  }

  /// Imports `rows` (and `problems`) as if read from a file whose SHA-256 is `sha256` (by
  /// default, one of its own for each set of rows and problems).
  @discardableResult
  func importRows(
    _ database: any Storage, into target: ImportTarget, _ rows: [ImportedReading],
    problems: [RowProblem] = [], skipInvalid: Bool = false, dryRun: Bool = false,
    sha256: String? = nil, settings: ImportSettings = ImportSettings([]), again: Bool = false,
    from source: RowSource = .file
  ) throws -> ImportResult {
    let content = sha256 ?? "\(rows)\(problems)"
    return try database.importReadings(
      into: target, fileName: "f.csv", at: clock.now(), skipInvalid: skipInvalid, dryRun: dryRun,
      openProject: nil, settings: settings, again: again, from: source
    ) { sink in
      for row in rows { try sink.add(row) }
      for problem in problems { sink.reject(problem) }
      return content
    }
  }

  @Test(arguments: Backend.allCases, RowSource.allCases)
  func importsEveryRowInTimeOrderAndRecordsTheBatch(
    _ backend: Backend, _ source: RowSource
  ) throws {
    let database = try backend.make()
    let project = try database.addProject(at: clock.now())
    let outcome = try importRows(
      database, into: .project(project), [row(2, 200, 2, "b"), row(3, 100, 1), row(4, 300, 3)],
      sha256: "hash", from: source)
    #expect(outcome.imported == 3)
    #expect(outcome.duplicates == 0)
    #expect(try database.readings(of: project).map(\.amount) == [1, 2, 3])
    #expect(try database.readings(of: project).allSatisfy { $0.batchID == outcome.batch?.id })
    let batch = try #require(try database.importBatches().first)
    #expect(batch.imported == 3)
    #expect(batch.sha256 == "hash")
    #expect(batch.fileName == "f.csv")
    #expect(outcome.snapshot.projects.first?.readingCount == 3)
  }

  @Test(arguments: Backend.allCases, RowSource.allCases)
  func notesReadBackExactlyAsTheFileHeldThem(_ backend: Backend, _ source: RowSource) throws {
    let database = try backend.make()
    let project = try database.addProject(at: clock.now())
    // COPY's own escapes and end-of-data mark, line breaks, a tab, other scripts, an empty
    // note (not the same as none).
    let notes: [String?] = [
      "a\\.", "\\.", "back\\slash", "tab\there", "two\nlines\r\n", "Straße 🚲 ✓", "", nil,
      "\\N",
    ]
    let rows = notes.enumerated().map { row($0.offset + 2, Int64(100 + $0.offset), 1, $0.element) }
    let outcome = try importRows(database, into: .project(project), rows, from: source)
    #expect(outcome.imported == notes.count)
    #expect(try database.readings(of: project).map(\.note) == notes)
    let again = try importRows(database, into: .project(project), rows, from: source)
    #expect((again.imported, again.duplicates) == (0, notes.count))
  }

  @Test(arguments: Backend.allCases, RowSource.allCases) func importingTheSameRowsTwiceAddsNothing(
    _ backend: Backend, _ source: RowSource
  )
    throws
  {
    let database = try backend.make()
    let project = try database.addProject(at: clock.now())
    let rows = [row(2, 100, 1, "a"), row(3, 100, 1, "a"), row(4, 100, 1, nil), row(5, 200, 2.5)]
    #expect(try importRows(database, into: .project(project), rows, from: source).imported == 4)
    let again = try importRows(database, into: .project(project), rows, from: source)
    #expect(again.imported == 0)
    #expect(again.duplicates == 4)
    #expect(try database.readings(of: project).count == 4)
  }

  @Test(arguments: Backend.allCases) func aThirdIdenticalRowIsNewWhenTwoAreStored(
    _ backend: Backend
  ) throws {
    let database = try backend.make()
    let project = try database.addProject(at: clock.now())
    try importRows(database, into: .project(project), [row(2, 100, 1), row(3, 100, 1)])
    let outcome = try importRows(
      database, into: .project(project), [row(2, 100, 1), row(3, 100, 1), row(4, 100, 1)])
    #expect(outcome.duplicates == 2)
    #expect(outcome.imported == 1)
  }

  @Test(arguments: Backend.allCases, RowSource.allCases) func anInvalidRowFailsTheWholeImport(
    _ backend: Backend, _ source: RowSource
  ) throws {
    let database = try backend.make()
    let project = try database.addProject(at: clock.now())
    let before = try database.snapshot()
    let problems = [
      RowProblem(line: 7, column: "amount", value: "abc", reason: "not a number"),
      RowProblem(line: 9, column: "date", value: "x", reason: "not a date"),
    ]
    #expect {
      try importRows(
        database, into: .project(project), [row(2, 100, 1)], problems: problems, from: source)
    } throws: { error in
      (error as? TallyError)?.message
        == "f.csv, line 7, column amount: 'abc': not a number (and 1 more invalid row)"
    }
    #expect(try database.snapshot() == before)
    #expect(try database.importBatches().isEmpty)
  }

  @Test(arguments: Backend.allCases, RowSource.allCases) func skippingInvalidRowsImportsTheRest(
    _ backend: Backend, _ source: RowSource
  )
    throws
  {
    let database = try backend.make()
    let project = try database.addProject(at: clock.now())
    let problem = RowProblem(line: 3, column: "amount", value: "x", reason: "not a number")
    let outcome = try importRows(
      database, into: .project(project), [row(2, 100, 1)], problems: [problem], skipInvalid: true,
      from: source)
    #expect(outcome.imported == 1)
    #expect(outcome.problems == [problem])
    #expect(try database.importBatches().first?.skipped == 1)
  }

  @Test(arguments: Backend.allCases, RowSource.allCases) func aDryRunCountsAndWritesNothing(
    _ backend: Backend, _ source: RowSource
  ) throws {
    let database = try backend.make()
    let project = try database.addProject(at: clock.now())
    try importRows(database, into: .project(project), [row(2, 100, 1)], from: source)
    let before = try database.snapshot()
    let batches = try database.importBatches()
    let outcome = try importRows(
      database, into: .project(project), [row(2, 100, 1), row(3, 200, 2)],
      problems: [RowProblem(line: 4, column: nil, value: nil, reason: "bad")], dryRun: true,
      from: source)
    #expect((outcome.imported, outcome.duplicates, outcome.invalidCount) == (1, 1, 1))
    #expect(outcome.firstDuplicates == [row(2, 100, 1)])
    #expect(outcome.batch == nil)
    // The state passed on is the one before: a screen shows no reading the dry run counted.
    #expect(outcome.snapshot == before)
    #expect(try database.snapshot() == before)
    #expect(try database.importBatches() == batches)
  }

  @Test(arguments: Backend.allCases, RowSource.allCases) func createsTheProjectInTheSameTransaction(
    _ backend: Backend, _ source: RowSource
  )
    throws
  {
    let database = try backend.make()
    let new = NewProject(title: "Fuel", units: "l", frequency: .monthly)
    #expect(
      throws: TallyError(
        .invalidInput, "f.csv, line 3: bad",
        hint: "Nothing was imported. Fix the file, or add --skip-invalid to import "
          + "the valid rows.")
    ) {
      try importRows(
        database, into: .create(new), [row(2, 100, 1)],
        problems: [RowProblem(line: 3, column: nil, value: nil, reason: "bad")], from: source)
    }
    #expect(try database.snapshot().projects.isEmpty)
    let outcome = try importRows(database, into: .create(new), [row(2, 100, 1)], from: source)
    #expect(outcome.snapshot.projects.map(\.project.title) == ["Fuel"])
    #expect(outcome.snapshot.projects.first?.project.units == "l")
    // Creating again uses the project that now exists.
    try importRows(database, into: .create(new), [row(2, 200, 1)], from: source)
    #expect(try database.snapshot().projects.count == 1)
  }

  @Test(arguments: Backend.allCases, RowSource.allCases)
  func undoAndRedoTakeOutAndBringBackExactlyTheBatch(
    _ backend: Backend, _ source: RowSource
  ) throws {
    let database = try backend.make()
    let store = try makeStore(database)
    let project = try database.addProject(at: clock.now())
    store.dispatch(.loaded(try database.snapshot()))
    store.request(
      .addReading(
        NewReading(projectID: project, amount: 99, timestamp: clock.now()), at: clock.now()))
    try importRows(
      database, into: .project(project), [row(2, 100, 1), row(3, 200, 2)], from: source)
    let imported = try database.readings(of: project)
    #expect(imported.count == 3)

    #expect(store.request(.undo(at: Timestamp(microsecondsSince1970: 0))) == nil)
    #expect(try database.readings(of: project).map(\.amount) == [99])
    #expect(try database.importBatches().first?.isUndone == true)
    #expect(store.request(.redo(at: Timestamp(microsecondsSince1970: 0))) == nil)
    #expect(try database.readings(of: project) == imported)

    let batch = try #require(try database.importBatches().first)
    #expect(store.request(.undoImport(batch.id, at: clock.now())) == nil)
    #expect(try database.readings(of: project).map(\.amount) == [99])
    #expect(store.request(.undoImport(batch.id, at: clock.now()))?.kind == .conflict)
    #expect(store.request(.undo(at: Timestamp(microsecondsSince1970: 0))) == nil)
    #expect(try database.readings(of: project) == imported)
    #expect(
      store.request(.undoImport(ImportBatchID(rawValue: 77), at: clock.now()))?.kind == .notFound)
  }

  @Test(arguments: Backend.allCases, RowSource.allCases)
  func undoingAnImportThatCreatedItsProjectRemovesBothAndRedoRestoresBoth(
    _ backend: Backend, _ source: RowSource
  ) throws {
    let database = try backend.make()
    let store = try makeStore(database)
    try importRows(
      database, into: .create(NewProject(title: "New", frequency: .daily)), [row(2, 100, 1)],
      from: source)
    store.dispatch(.loaded(try database.snapshot()))
    #expect(store.request(.undo(at: Timestamp(microsecondsSince1970: 0))) == nil)
    #expect(store.state.stored.projects.isEmpty)
    #expect(store.request(.redo(at: Timestamp(microsecondsSince1970: 0))) == nil)
    let project = try #require(store.projectID("New"))
    #expect(try database.readings(of: project).map(\.amount) == [1])
  }
}

@Suite struct LargeImportTests {
  /// The SQL of the (project, timestamp, amount) index as the database holds it.
  func indexSQL(_ path: String) throws -> String? {
    try DatabaseQueue(path: path).read { db in
      try String.fetchOne(
        db, sql: "SELECT sql FROM sqlite_master WHERE name = 'reading_project_timestamp_amount'")
    }
  }

  @Test func aLargeImportRebuildsTheIndexAsTheSchemaHasIt() throws {
    let folder = try TemporaryFolder()
    let fresh = folder.path("fresh.sqlite")
    _ = try TallyDatabase.open(
      at: DatabaseLocation(option: fresh, environment: [:], homeDirectory: "/"))
    let path = folder.path("large.sqlite")
    let database = try TallyDatabase.open(
      at: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"))
    let rows = (0..<1_500).map {
      ImportedReading(
        line: $0 + 2, timestamp: Timestamp(secondsSince1970: Int64(2_000 - $0)), amount: 1,
        note: nil)
    }
    let outcome = try database.importReadings(
      into: .create(NewProject(title: "P", frequency: .daily)), fileName: "f.csv",
      at: Timestamp(secondsSince1970: 5), skipInvalid: false, dryRun: false, openProject: nil,
      expectedRows: 1_500
    ) { sink in
      for row in rows { try sink.add(row) }
      return ""
    }
    #expect(outcome.imported == 1_500)
    #expect(try indexSQL(path) != nil)
    #expect(try indexSQL(path) == (try indexSQL(fresh)))
    let project = try #require(outcome.snapshot.projects.first?.id)
    var count = 0
    try database.forEachReading(
      of: project, from: Timestamp(secondsSince1970: 600), to: Timestamp(secondsSince1970: 700)
    ) { _ in count += 1 }
    #expect(count == 100)
  }

  @Test func aFailedLargeImportKeepsTheIndex() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("failed.sqlite")
    let database = try TallyDatabase.open(
      at: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"))
    let before = try indexSQL(path)
    #expect(
      throws: TallyError(
        .invalidInput, "f.csv, line 2: bad",
        hint: "Nothing was imported. Fix the file, or add --skip-invalid to import "
          + "the valid rows.")
    ) {
      try database.importReadings(
        into: .create(NewProject(title: "P", frequency: .daily)), fileName: "f.csv",
        at: Timestamp(secondsSince1970: 5), skipInvalid: false, dryRun: false, openProject: nil,
        expectedRows: 5_000
      ) { sink in
        sink.reject(RowProblem(line: 2, column: nil, value: nil, reason: "bad"))
        return ""
      }
    }
    #expect(try indexSQL(path) == before)
    #expect(before != nil)
  }
}

@Suite struct ProjectDeleteTests {
  @Test func aDeletedProjectsReadingsAreSetAsideNotCopiedIntoTheJournal() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("delete.sqlite")
    let database = try TallyDatabase.open(
      at: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"))
    let rows = (0..<2_000).map {
      ImportedReading(
        line: $0, timestamp: Timestamp(secondsSince1970: Int64($0)), amount: 1.5,
        note: "a note of some length")
    }
    let outcome = try database.importReadings(
      into: .create(NewProject(title: "P", frequency: .daily)), fileName: "f.csv",
      at: Timestamp(secondsSince1970: 5), skipInvalid: false, dryRun: false, openProject: nil
    ) { sink in
      for row in rows { try sink.add(row) }
      return ""
    }
    let project = try #require(outcome.snapshot.projects.first?.id)
    let store = try makeStore(database)
    #expect(store.request(.deleteProject(project, at: Timestamp(secondsSince1970: 6))) == nil)
    #expect(store.state.status == "Deleted project P and its 2000 reading(s)")
    let journalBytes = try DatabaseQueue(path: path).read { db in
      try Int.fetchOne(db, sql: "SELECT length(change) FROM journal ORDER BY id DESC LIMIT 1")
    }
    #expect((journalBytes ?? .max) < 1_000)

    // The import cannot be undone on its own while its project is deleted...
    let batch = try #require(outcome.batch)
    #expect(
      store.request(.undoImport(batch.id, at: Timestamp(secondsSince1970: 7)))?.message
        == "the project of import \(batch.id) has been deleted")
    // ...and undoing the deletion brings every reading back with its id.
    #expect(store.request(.undo(at: Timestamp(microsecondsSince1970: 0))) == nil)
    var ids: [ReadingID] = []
    try database.forEachReading(of: project) { ids.append($0.id) }
    #expect(ids.count == 2_000)
    #expect(Set(ids).count == 2_000)
    #expect(store.state.project(id: project)?.readingCount == 2_000)
  }
}

@Suite struct SetAsideCleanUpTests {
  func setAsideCount(_ path: String) throws -> Int {
    try DatabaseQueue(path: path).read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM set_aside_reading") ?? -1
    }
  }

  @Test func readingsNoUndoCanBringBackAreDropped() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("clean.sqlite")
    let database = try TallyDatabase.open(
      at: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"))
    func importRows(_ seconds: Int64) throws -> ImportResult {
      try database.importReadings(
        into: .create(NewProject(title: "P", frequency: .daily)), fileName: "f.csv",
        at: Timestamp(secondsSince1970: seconds), skipInvalid: false, dryRun: false,
        openProject: nil
      ) { sink in
        for index in 0..<3 {
          try sink.add(
            ImportedReading(
              line: index, timestamp: Timestamp(secondsSince1970: seconds * 10 + Int64(index)),
              amount: 1, note: nil))
        }
        return ""
      }
    }
    let first = try importRows(1)
    let store = try makeStore(database)
    let project = try #require(first.snapshot.projects.first?.id)

    // An import undone by `import undo` stays set aside: undoing that brings it back.
    let batch = try #require(first.batch)
    #expect(store.request(.undoImport(batch.id, at: Timestamp(secondsSince1970: 2))) == nil)
    #expect(try setAsideCount(path) == 3)
    store.request(
      .addReading(
        NewReading(projectID: project, amount: 5, timestamp: Timestamp(secondsSince1970: 3)),
        at: Timestamp(secondsSince1970: 3)))
    #expect(try setAsideCount(path) == 3)

    // An import undone by `undo` is set aside until a new change discards its redo.
    _ = try importRows(4)
    store.dispatch(.loaded(try database.snapshot()))
    #expect(store.request(.undo(at: Timestamp(microsecondsSince1970: 0))) == nil)
    #expect(try setAsideCount(path) == 6)
    store.request(
      .addReading(
        NewReading(projectID: project, amount: 6, timestamp: Timestamp(secondsSince1970: 6)),
        at: Timestamp(secondsSince1970: 6)))
    #expect(try setAsideCount(path) == 3)

    // The `import undo` that holds the first import's readings falls off the end of the
    // journal: nothing can bring them back, so they go. (The journal finds such entries by
    // the case names in their JSON, `"setAside` and `"restore`: this fails if they change.)
    for second in 0..<Int64(TallyDatabase.journalLimit) {
      store.request(
        .addReading(
          NewReading(projectID: project, amount: 7, timestamp: Timestamp(secondsSince1970: 7)),
          at: Timestamp(secondsSince1970: 7 + second)))
    }
    #expect(try setAsideCount(path) == 0)
  }
}
