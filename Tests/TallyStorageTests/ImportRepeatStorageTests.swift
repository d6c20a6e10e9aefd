import Flow
import Foundation
import TallyCore
import TestSupport
import Testing

/// A file imported into a project before, imported again another way: refused on every
/// storage, in the import's transaction, unless told `--again`.
@Suite struct ImportRepeatStorageTests {
  let clock = TestClock()

  func row(_ line: Int, _ seconds: Int64, _ amount: Double) -> ImportedReading {
    ImportedReading(
      line: line, timestamp: Timestamp(secondsSince1970: seconds), amount: amount, note: nil)
  }

  func zone(_ name: String) -> ImportSettings {
    ImportSettings([.init("--tz", name), .init("--date-format", "")])
  }

  /// Imports `rows` as the file whose SHA-256 is `same`, read with `settings`.
  @discardableResult
  func importFile(
    _ database: any Storage, _ project: ProjectID, _ rows: [ImportedReading],
    settings: ImportSettings, again: Bool = false, dryRun: Bool = false,
    from source: RowSource = .file
  ) throws -> ImportResult {
    try database.importReadings(
      into: .project(project), fileName: "log.csv", at: clock.now(), dryRun: dryRun,
      settings: settings, again: again, from: source
    ) { sink in
      for row in rows { try sink.add(row) }
      return "same"
    }
  }

  /// The file's three rows read in UTC, and read in a zone an hour ahead.
  var inUTC: [ImportedReading] { [row(2, 86_400, 1), row(3, 172_800, 2), row(4, 259_200, 3)] }
  var anHourEarlier: [ImportedReading] {
    [row(2, 82_800, 1), row(3, 169_200, 2), row(4, 255_600, 3)]
  }

  @Test(arguments: Backend.allCases, RowSource.allCases)
  func aFileReadAnotherWayIsRefusedAndChangesNothing(_ backend: Backend, _ source: RowSource)
    throws
  {
    let database = try backend.make()
    let project = try database.addProject("Log", at: clock.now())
    try importFile(database, project, inUTC, settings: zone("UTC"), from: source)
    let before = try database.snapshot()
    let batches = try database.importBatches()
    #expect {
      try importFile(
        database, project, anHourEarlier, settings: zone("Europe/Berlin"), from: source)
    } throws: { error in
      // TestClock's first import ran at 1,700,000,002 s: 2023-11-14 22:13:22 UTC.
      (error as? TallyError)?.message
        == "log.csv was imported into Log before, as import 1 on 2023-11-14 22:13:22 (GMT); read now "
        + "with --tz Europe/Berlin (then UTC), it would add 3 readings again"
    }
    #expect(try database.snapshot() == before)
    #expect(try database.importBatches() == batches)
    #expect(
      try database.readings(of: project).map(\.timestamp.microsecondsSince1970) == [
        86_400_000_000, 172_800_000_000, 259_200_000_000,
      ])
  }

  @Test(arguments: Backend.allCases)
  func aDryRunIsRefusedToo(_ backend: Backend) throws {
    let database = try backend.make()
    let project = try database.addProject("Log", at: clock.now())
    try importFile(database, project, inUTC, settings: zone("UTC"))
    #expect {
      try importFile(
        database, project, anHourEarlier, settings: zone("Europe/Berlin"), dryRun: true)
    } throws: { error in
      (error as? TallyError)?.message.hasPrefix(
        "log.csv was imported into Log before, as import 1 on ") == true
        && (error as? TallyError)?.message.hasSuffix(
          "; read now with --tz Europe/Berlin (then UTC), it would add 3 readings again") == true
    }
  }

  @Test(arguments: Backend.allCases, RowSource.allCases)
  func againImportsItAllTheSameAndKeepsEachImportsSettings(
    _ backend: Backend, _ source: RowSource
  ) throws {
    let database = try backend.make()
    let project = try database.addProject("Log", at: clock.now())
    try importFile(database, project, inUTC, settings: zone("UTC"), from: source)
    let outcome = try importFile(
      database, project, anHourEarlier, settings: zone("Europe/Berlin"), again: true,
      from: source)
    #expect(outcome.imported == 3)
    #expect(try database.readings(of: project).count == 6)
    #expect(
      try database.importBatches().map(\.settings) == [zone("Europe/Berlin"), zone("UTC")])
  }

  @Test(arguments: Backend.allCases)
  func readingTheFileTheSameWayStillAddsNothingAndSucceeds(_ backend: Backend) throws {
    let database = try backend.make()
    let project = try database.addProject("Log", at: clock.now())
    try importFile(database, project, inUTC, settings: zone("UTC"))
    let again = try importFile(database, project, inUTC, settings: zone("UTC"))
    #expect((again.imported, again.duplicates) == (0, 3))
    #expect(again.batch == nil)
  }

  @Test(arguments: Backend.allCases)
  func anUndoneImportOrAnotherProjectsDoesNotStopIt(_ backend: Backend) throws {
    let database = try backend.make()
    let project = try database.addProject("Log", at: clock.now())
    let other = try database.addProject("Other", at: clock.now())
    try importFile(database, other, inUTC, settings: zone("UTC"))
    let first = try importFile(database, project, inUTC, settings: zone("UTC"))
    let store = try makeStore(database)
    let batch = try #require(first.batch)
    #expect(store.request(.undoImport(batch.id, at: clock.now())) == nil)
    let outcome = try importFile(database, project, anHourEarlier, settings: zone("Europe/Berlin"))
    #expect(outcome.imported == 3)
  }
}
