import Foundation
import GRDB
import TallyCore
import TestSupport
import Testing

@testable import TallyStorage

/// A database written before kinds and goals opens with everything as it was: its projects
/// are totals, its id sequences go on, and its journal still undoes.
@Suite struct MigrationTests {
  /// Removes the keys this version added from a JSON value, as the version before wrote it.
  static func withoutNewKeys(_ value: Any) -> Any {
    switch value {
    case let object as [String: Any]:
      object.filter { !["kind", "decimals", "goals", "isReset"].contains($0.key) }
        .mapValues(withoutNewKeys)
    case let array as [Any]: array.map(withoutNewKeys)
    default: value
    }
  }

  @Test func aVersionFiveDatabaseKeepsItsDataIdsAndJournal() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("old.sqlite")
    let queue = try DatabaseQueue(path: path)
    try Schema.migrator.migrate(queue, upTo: "v5 file mark")
    let car = Project(
      id: ProjectID(rawValue: 1), title: "Car", units: "km", frequency: .monthly,
      createdAt: Timestamp(secondsSince1970: 0), updatedAt: Timestamp(secondsSince1970: 0))
    let before = Reading(
      id: ReadingID(rawValue: 1), projectID: car.id, amount: 40,
      timestamp: Timestamp(secondsSince1970: 86_400), note: "tank")
    var after = before
    after.amount = 42.5
    let change = try JSONSerialization.data(
      withJSONObject: Self.withoutNewKeys(
        try JSONSerialization.jsonObject(
          with: JSONEncoder().encode(Change.updateReading(before: before, after: after)))))
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO project (id, title, title_key, units, frequency, created_at, updated_at,
            reading_count, last_reading_at)
          VALUES (1, 'Car', 'car', 'km', 'monthly', 0, 0, 1, 86400000000),
                 (2, 'Gone', 'gone', '', 'daily', 0, 0, 0, NULL);
          DELETE FROM project WHERE id = 2;
          INSERT INTO reading (id, project_id, amount, timestamp, note)
          VALUES (1, 1, 42.5, 86400000000, 'tank');
          """)
      try db.execute(
        sql: "INSERT INTO journal (at, description, change) VALUES (0, 'Changed reading 1', ?)",
        arguments: [change])
    }
    try queue.close()

    let database = try TallyDatabase.open(
      at: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"))
    let stored = try database.snapshot()
    #expect(stored.projects.map(\.project) == [car])
    #expect(stored.projects.first?.readingCount == 1)
    // The deleted project's id is not given again.
    let added = try database.perform(
      .addProject(
        NewProject(title: "Bike", frequency: .weekly), at: Timestamp(secondsSince1970: 5)),
      openProject: nil)
    #expect(added.snapshot.projects.contains { $0.project.id == ProjectID(rawValue: 3) })
    // The old journal entry, without the fields added since, is undone (after Bike's).
    _ = try database.perform(.undo(at: Timestamp(microsecondsSince1970: 0)), openProject: nil)
    _ = try database.perform(.undo(at: Timestamp(microsecondsSince1970: 0)), openProject: nil)
    #expect(try database.reading(before.id).amount == 40)
  }

  /// A database from before the rollups gains them when it opens, summed from its readings
  /// (before 1970 too), with progress told; reports then read them, and `tally check` agrees.
  @Test func aVersionSevenDatabaseGainsItsRollups() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("old.sqlite")
    let queue = try DatabaseQueue(path: path)
    try Schema.migrator.migrate(queue, upTo: "v7 import settings")
    // Sevenths, at times a quarter hour and a day apart, some before 1970.
    let times: [Int64] = (0..<400).map {
      Int64($0 % 37) * 900_000_000 + Int64($0 % 11) * 86_400_000_000 - 3 * 86_400_000_000
        + Int64($0)
    }
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO project (id, title, title_key, units, frequency, created_at, updated_at,
            reading_count, last_reading_at)
          VALUES (1, 'Spend', 'spend', '', 'daily', 0, 0, 400, \(times.max() ?? 0))
          """)
      for (index, time) in times.enumerated() {
        try db.execute(
          sql: "INSERT INTO reading (project_id, amount, timestamp) VALUES (1, ?, ?)",
          arguments: [Double(index % 13) / 7, time])
      }
    }
    try queue.close()
    let told = Told()
    let database = try TallyDatabase.open(
      at: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"), access: .write,
      migrationProgress: { told.add($0) })
    #expect(told.values.last == 1)
    #expect(try database.checkIntegrity().problems.isEmpty)
    let figures = try database.withAggregates(of: ProjectID(rawValue: 1)) { aggregates in
      try aggregates.aggregates([
        Timestamp(microsecondsSince1970: Int64.min / 2)..<Timestamp(microsecondsSince1970: 0),
        Timestamp(microsecondsSince1970: 0)..<Timestamp(microsecondsSince1970: Int64.max / 2),
      ])
    }
    #expect(
      figures.map(\.count) == [times.filter { $0 < 0 }.count, times.filter { $0 >= 0 }.count])
    #expect(try database.reading(ReadingID(rawValue: 1)).amount == 0)
  }

  /// Progress values, as a migration tells them.
  final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var told: [Double] = []
    var values: [Double] { lock.withLock { told } }
    func add(_ value: Double) { lock.withLock { told.append(value) } }
  }

  /// A database from before timers had notes opens with its running timer as it was, and a
  /// journal entry that stopped a timer then (without the keys added since) still undoes.
  @Test func aVersionElevenTimerKeepsRunningAndItsStopUndoes() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("old.sqlite")
    let queue = try DatabaseQueue(path: path)
    try Schema.migrator.migrate(queue, upTo: "v11 project groups")
    // The journal entry as the version before wrote it: no note or tags on the timer.
    let stop =
      #"{"batch":{"_0":[{"stopTimer":{"_0":{"projectID":2,"startedAt":3600000000}}},"#
      + #"{"insertReadings":{"_0":[{"id":1,"projectID":2,"amount":1,"timestamp":3600000000,"#
      + #""note":"timer","isReset":false}]}}]}}"#
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO project (id, title, title_key, units, frequency, created_at, updated_at,
            reading_count, last_reading_at)
          VALUES (1, 'Writing', 'writing', 'h', 'daily', 0, 0, 0, NULL),
                 (2, 'Email', 'email', 'h', 'daily', 0, 0, 1, 3600000000);
          INSERT INTO timer (project_id, started_at) VALUES (1, 7200000000);
          INSERT INTO reading (id, project_id, amount, timestamp, note)
          VALUES (1, 2, 1, 3600000000, 'timer');
          """)
      try db.execute(
        sql: "INSERT INTO journal (at, description, change) VALUES (0, 'Stopped', ?)",
        arguments: [stop])
    }
    try queue.close()

    let database = try TallyDatabase.open(
      at: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"))
    #expect(
      try database.snapshot().timers == [
        RunningTimer(
          projectID: ProjectID(rawValue: 1), startedAt: Timestamp(secondsSince1970: 7_200))
      ])
    _ = try database.perform(.undo(at: Timestamp(secondsSince1970: 9_000)), openProject: nil)
    #expect(
      try database.snapshot().timers.map(\.projectID) == [
        ProjectID(rawValue: 1), ProjectID(rawValue: 2),
      ])
    // Stopped again, the timer that had no note records "timer", tagged with what is given.
    _ = try database.perform(
      .stopTimer(ProjectID(rawValue: 2), at: Timestamp(secondsSince1970: 10_800), tags: ["late"]),
      openProject: nil)
    let readings = try database.snapshot(openProject: ProjectID(rawValue: 2)).openProject?.readings
    #expect(readings?.map(\.note) == ["timer"])
    #expect(readings?.map(\.tags) == [["late"]])
  }
}
