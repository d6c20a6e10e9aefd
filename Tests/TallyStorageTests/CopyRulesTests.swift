import Foundation
import GRDB
import TallyApp
import TallyCore
import TallyStorage
import TestSupport
import Testing

/// A copy into a new database (`migrate`, `restore`) keeps the rules every other path keeps:
/// a source whose rows break one, written by hand past tally, is refused whole.
@Suite struct CopyRulesTests {
  /// A SQLite database with a meter, and `sql` run on it past tally's rules.
  func source(_ folder: TemporaryFolder, breaking sql: String) throws -> TallyDatabase {
    let path = folder.path("source.sqlite")
    let location = DatabaseLocation(option: path, environment: [:], homeDirectory: "/")
    let database = try TallyDatabase.open(at: location)
    let store = try makeStore(database)
    let at = Timestamp(secondsSince1970: 1_704_067_200)
    store.request(
      .addProject(NewProject(title: "Car", units: "km", frequency: .monthly, kind: .meter), at: at))
    let car = try #require(store.projectID("Car"))
    store.request(.addReading(NewReading(projectID: car, amount: 100, timestamp: at), at: at))
    store.request(
      .addReading(
        NewReading(
          projectID: car, amount: 150, timestamp: Timestamp(secondsSince1970: 1_704_153_600)),
        at: at))
    let queue = try DatabaseQueue(path: path)
    try queue.write { try $0.execute(sql: sql) }
    try queue.close()
    return try TallyDatabase.open(at: location)
  }

  @Test(arguments: Backend.allCases) func aFallingMeterIsNotCopied(_ backend: Backend) throws {
    let folder = try TemporaryFolder()
    let source = try source(folder, breaking: "UPDATE reading SET amount = 50 WHERE id = 2")
    let target = try #require(try backend.make() as? any StorageReceiving)
    #expect(
      throws: TallyError(
        .conflict,
        "cannot copy the data in: reading 2 (50 km at 2024-01-02T00:00:00+00:00) would be lower "
          + "than reading 1 (100 km at 2024-01-01T00:00:00+00:00) before it: Car is a meter, "
          + "whose readings only count up",
        hint: "Nothing was changed. If the meter was reset or replaced at reading 2, mark it as "
          + "a reset (`tally item edit 2 --reset`) and try again.")
    ) {
      try StorageMigration.copy(from: source, to: target)
    }
    #expect(try target.snapshot().projects.isEmpty)
  }

  @Test(arguments: Backend.allCases) func anAmountOutOfRangeIsNotCopied(_ backend: Backend) throws {
    let folder = try TemporaryFolder()
    let source = try source(folder, breaking: "UPDATE reading SET amount = 1e300 WHERE id = 2")
    let target = try #require(try backend.make() as? any StorageReceiving)
    #expect(
      throws: TallyError(
        .invalidInput,
        "reading 2 of project 1: amount '1e+300' is out of range: an amount must be smaller than "
          + "1e15 (a quadrillion) in size",
        hint: "Nothing was copied. Correct the reading in the source first.")
    ) {
      try StorageMigration.copy(from: source, to: target)
    }
    #expect(try target.snapshot().projects.isEmpty)
  }
}
