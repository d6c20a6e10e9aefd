import Foundation
import PropertyBased
import TallyCore
import TallyPostgres
import TallyStorage
import TestSupport
import Testing

/// A meter's dial never falls without a reset mark, whatever path changes its readings (add,
/// edit, delete, import, import undo, undo, redo, a change of kind), on every backend and with
/// two people at one tally; and a path refused changes nothing.
///
/// The oracle is the rule as a person states it, over the readings listed in time order; the
/// storages check it with index look-ups around what a change wrote.
@Suite struct MeterRulePathTests {
  /// Two people at one tally: on SQLite two connections to one file (one history), on
  /// PostgreSQL two people's histories in one database.
  struct People {
    let folder: TemporaryFolder
    let ana: any Storage
    let bob: any Storage

    init(_ backend: Backend) throws {
      folder = try TemporaryFolder()
      switch backend {
      case .sqlite:
        let location = DatabaseLocation(
          option: folder.path("t.sqlite"), environment: [:], homeDirectory: "/")
        ana = try TallyDatabase.open(at: location)
        bob = try TallyDatabase.open(at: location)
      case .postgres:
        let address = try PostgresTestServer.newDatabase()
        // Two people who both see past the policies: the rules, not the access, are tested.
        ana = try PostgresStorage.open(
          try PostgresTestServer.person("ana_admin", superuser: true, in: address))
        bob = try PostgresStorage.open(
          try PostgresTestServer.person("bob_admin", superuser: true, in: address))
      }
    }
  }

  /// The first reading in time order (time, then id) lower than the one before it without a
  /// reset mark, as a person would look for it down a list.
  static func firstFall(_ readings: [Reading]) -> (Reading, Reading)? {
    let ordered = readings.sorted {
      ($0.timestamp.microsecondsSince1970, $0.id.rawValue)
        < ($1.timestamp.microsecondsSince1970, $1.id.rawValue)
    }
    for (before, after) in zip(ordered, ordered.dropFirst())
    where !after.isReset && after.amount < before.amount {
      return (before, after)
    }
    return nil
  }

  static func day(_ day: Int) -> Timestamp {
    Timestamp(secondsSince1970: 1_704_067_200 + Int64(day) * 86_400)
  }

  /// One step of a random walk: which path, by whom, with which numbers.
  static func step(
    _ code: Int, project: ProjectID, readings: [Reading], batches: [ImportBatch],
    at: Timestamp
  ) -> (person: Int, step: WriteStep, rows: [ImportedReading]) {
    let person = code % 2
    let pick = code / 20
    let dayIndex = pick % 30
    let day = Self.day(dayIndex)
    // Mostly what a meter would show that day: a little above the reading before it, or a
    // low number marked as a reset; now and then any number, which the rule may refuse.
    let before = readings.filter { $0.timestamp <= day }.max {
      ($0.timestamp, $0.id.rawValue) < ($1.timestamp, $1.id.rawValue)
    }
    let isReset = pick % 5 == 0
    let amount =
      isReset
      ? Double(pick % 5)
      : pick % 7 == 0
        ? Double(pick % 40) * 5
        : (before?.amount ?? 0) + Double(pick % 20)
    let reading = readings.isEmpty ? ReadingID(rawValue: 1) : readings[pick % readings.count].id
    switch code / 2 % 10 {
    case 0, 1:
      return (
        person,
        .request(
          .addReading(
            NewReading(projectID: project, amount: amount, timestamp: day, isReset: isReset),
            at: at)), []
      )
    case 2:
      let edit =
        switch pick % 3 {
        case 0: ReadingEdit(amount: amount)
        case 1: ReadingEdit(timestamp: day)
        default: ReadingEdit(isReset: pick % 2 == 0)
        }
      return (person, .request(.editReading(reading, edit, at: at)), [])
    case 3: return (person, .request(.deleteReading(reading, at: at)), [])
    case 4:
      // A reset and the dial counting up from it, a day apart.
      let rows = (0...(pick % 3)).map { (index: Int) -> ImportedReading in
        let rowAmount = amount + Double(index * 10)
        let rowDay = Self.day(min(29, dayIndex + index))
        return ImportedReading(
          line: index + 2, timestamp: rowDay, amount: rowAmount, note: "row \(index)",
          isReset: index == 0 && isReset)
      }
      let job = ImportJob(
        target: .project(project), fileName: "f\(pick).csv", skipInvalid: false, dryRun: false,
        expectedRows: rows.count,
        rows: ImportRows(canBeReadAgain: true) { sink in
          for row in rows { try sink.add(row) }
          return "hash \(pick)"
        })
      return (person, .importFile(job, at: at), rows)
    case 5:
      let batch = batches.isEmpty ? ImportBatchID(rawValue: 1) : batches[pick % batches.count].id
      return (person, .request(.undoImport(batch, at: at)), [])
    case 6, 7: return (person, .request(.undo(at: Timestamp(microsecondsSince1970: 0))), [])
    case 8: return (person, .request(.redo(at: Timestamp(microsecondsSince1970: 0))), [])
    default:
      return (
        person,
        .request(
          .editProject(project, ProjectEdit(kind: pick % 3 == 0 ? .total : .meter), at: at)), []
      )
    }
  }

  @Test(arguments: Backend.allCases) func noPathLeavesAFallingDial(_ backend: Backend) async {
    let codes = Gen.int(in: 0...1_000_000).array(of: 5...40)
    await propertyCheck(count: backend == .sqlite ? 60 : 15, input: codes) { codes in
      do {
        try walk(codes, on: backend)
      } catch {
        Issue.record("\(error)")
      }
    }
  }

  func walk(_ codes: [Int], on backend: Backend) throws {
    let people = try People(backend)
    var now: Int64 = 1_710_000_000
    func next() -> Timestamp {
      now += 1
      return Timestamp(secondsSince1970: now)
    }
    _ = try people.ana.perform(
      .addProject(NewProject(title: "Car", frequency: .monthly, kind: .meter), at: next()),
      openProject: nil)
    let project = try #require(try people.ana.snapshot(openProject: nil).projects.first?.id)
    for code in codes {
      let readings = try people.ana.readings(of: project)
      let kind = try people.ana.snapshot(openProject: nil).projects.first?.project.kind
      let (person, request, _) = Self.step(
        code, project: project, readings: readings,
        batches: try people.ana.importBatches(), at: next())
      let storage = person == 0 ? people.ana : people.bob
      let refused: TallyError?
      do {
        try request.perform(on: storage)
        refused = nil
      } catch {
        refused = error
      }
      let after = try people.ana.readings(of: project)
      let kindAfter = try people.ana.snapshot(openProject: nil).projects.first?.project.kind
      if kindAfter == .meter, let (before, fall) = Self.firstFall(after) {
        let what = "reading \(fall.id) (\(fall.amount)) after \(before.id) (\(before.amount))"
        Issue.record("\(backend): \(request) left \(what) on a meter")
        return
      }
      if let refused {
        #expect(after == readings, "\(request) was refused (\(refused)) but changed readings")
        #expect(kindAfter == kind, "\(request) was refused but changed the kind")
      }
    }
  }
}

/// The paths a meter's rule once missed, each worked out by hand, on every backend.
@Suite struct MeterRuleRefusalTests {
  func meter(_ storage: any Storage) throws -> ProjectID {
    _ = try storage.perform(
      .addProject(
        NewProject(title: "Car", units: "km", frequency: .monthly, kind: .meter),
        at: MeterRulePathTests.day(0)),
      openProject: nil)
    let id = try #require(try storage.snapshot(openProject: nil).projects.first?.id)
    try add(100, day: 0, to: id, storage)
    return id
  }

  func add(
    _ amount: Double, day: Int, reset: Bool = false, to id: ProjectID, _ storage: any Storage
  )
    throws
  {
    _ = try storage.perform(
      .addReading(
        NewReading(
          projectID: id, amount: amount, timestamp: MeterRulePathTests.day(day), isReset: reset),
        at: MeterRulePathTests.day(40)), openProject: nil)
  }

  /// The issue's example: a meter at 100 on Jan 1; an import of one reset row (5 on Jan 10);
  /// 20 added on Jan 20; undoing the import would leave 100 → 20 unmarked.
  @Test(arguments: Backend.allCases) func anImportUndoThatWouldLeaveAFallIsRefused(
    _ backend: Backend
  ) throws {
    let storage = try backend.make()
    let id = try meter(storage)
    let job = ImportJob(
      target: .project(id), fileName: "reset.csv", skipInvalid: false, dryRun: false,
      expectedRows: 1,
      rows: ImportRows(canBeReadAgain: true) { sink in
        try sink.add(
          ImportedReading(
            line: 2, timestamp: MeterRulePathTests.day(9), amount: 5, note: nil, isReset: true))
        return "hash"
      })
    _ = try storage.importReadings([job], at: MeterRulePathTests.day(41), openProject: nil)
    try add(20, day: 19, to: id, storage)
    let before = try storage.readings(of: id)
    let batch = try #require(try storage.importBatches().first)
    #expect(
      throws: TallyError(
        .conflict,
        "cannot undo the import: reading 3 (20 km at 2024-01-20T00:00:00+00:00) would be lower than "
          + "reading 1 (100 km at 2024-01-01T00:00:00+00:00) before it: Car is a meter, whose "
          + "readings only count up",
        hint: "Nothing was changed. If the meter was reset or replaced at reading 3, mark it as "
          + "a reset (`tally item edit 3 --reset`) and try again.")
    ) {
      try storage.perform(.undoImport(batch.id, at: MeterRulePathTests.day(42)), openProject: nil)
    }
    #expect(try storage.readings(of: id) == before)
    #expect(try storage.importBatches().first?.isUndone == false)
    // Marked as a reset, the reading after it keeps the rule, and the import comes out.
    _ = try storage.perform(
      .editReading(
        ReadingID(rawValue: 3), ReadingEdit(isReset: true), at: MeterRulePathTests.day(43)),
      openProject: nil)
    _ = try storage.perform(.undoImport(batch.id, at: MeterRulePathTests.day(44)), openProject: nil)
    #expect(try storage.readings(of: id).map(\.amount) == [100, 20])
  }

  /// On a shared server each person undoes their own changes: Ana's reset taken back under
  /// Bob's later reading would leave the dial falling.
  @Test(.enabled(if: PostgresTestServer.address != nil))
  func anUndoUnderSomeoneElsesReadingIsRefused()
    throws
  {
    let people = try MeterRulePathTests.People(.postgres)
    let id = try meter(people.ana)
    try add(5, day: 9, reset: true, to: id, people.ana)
    try add(20, day: 19, to: id, people.bob)
    let before = try people.ana.readings(of: id)
    #expect {
      try people.ana.perform(.undo(at: Timestamp(microsecondsSince1970: 0)), openProject: nil)
    } throws: { error in
      (error as? TallyError)?.message
        == "cannot undo \"Added reading 2 to Car: 5 km\": reading 3 (20 km at "
        + "2024-01-20T00:00:00+00:00) would be lower than reading 1 (100 km at 2024-01-01T00:00:00+00:00) "
        + "before it: Car is a meter, whose readings only count up"
    }
    #expect(try people.ana.readings(of: id) == before)
  }

  /// A redo that would put a reading back after a higher one added since is refused.
  @Test(.enabled(if: PostgresTestServer.address != nil))
  func aRedoOverSomeoneElsesReadingIsRefused()
    throws
  {
    let people = try MeterRulePathTests.People(.postgres)
    let id = try meter(people.ana)
    try add(160, day: 19, to: id, people.ana)
    _ = try people.ana.perform(.undo(at: Timestamp(microsecondsSince1970: 0)), openProject: nil)
    try add(170, day: 14, to: id, people.bob)
    #expect {
      try people.ana.perform(.redo(at: Timestamp(microsecondsSince1970: 0)), openProject: nil)
    } throws: { error in
      (error as? TallyError)?.message.hasPrefix(
        "cannot redo \"Added reading 2 to Car: 160 km\": reading 2 (160 km at 2024-01-20T00:00:00+00:00) "
          + "would be lower than reading 3 (170 km at 2024-01-15T00:00:00+00:00) before it") == true
    }
    #expect(try people.ana.readings(of: id).map(\.amount) == [100, 170])
  }
}
