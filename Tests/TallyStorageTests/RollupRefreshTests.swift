import GRDB
import TallyCore
import TestSupport
import Testing

@testable import TallyStorage

/// A refresh leaves every rollup exactly as summing them all again does.
///
/// However the stale quarters are joined into spans (the gaps bridged) and the spans grouped
/// by day: quarters that empty are deleted, those that do not change are kept, days and weeks
/// fold the stored quarters around the spans. Another project's rollups are left alone.
@Suite struct RollupRefreshTests {
  /// 2024-03-04T00:00:00Z, a Monday.
  static let base: Int64 = 1_709_510_400_000_000
  static let quarter: Int64 = 900_000_000

  /// The property test's numbers, one seed a run.
  struct Numbers {
    var random: SeededRandom
    init(state: UInt64) { random = SeededRandom(seed: state) }
    mutating func next(_ bound: Int) -> Int { random.below(bound) }
  }

  /// An instant within about six weeks of the base: some quarters crowded, most sparse.
  static func instant(_ numbers: inout Numbers) -> Int64 {
    let quarter = numbers.next(3) == 0 ? Int64(numbers.next(12)) : Int64(numbers.next(4_000))
    return base + quarter * Self.quarter + Int64(numbers.next(900)) * 1_000_000
  }

  static func amount(_ numbers: inout Numbers) -> Double {
    Double(numbers.next(2_000) - 300) / 7
  }

  /// Every rollup row, each number to the last bit.
  static func rollups(_ db: Database) throws -> [String] {
    try RollupLevel.allCases.flatMap { level in
      let table = RollupSQL.table(level)
      return try String.fetchAll(
        db,
        sql: """
          SELECT '\(table) ' || project_id || ' ' || \(RollupSQL.column(level)) || ' ' || count
            || ' ' || hex(total) || ' ' || hex(smallest) || ' ' || hex(largest)
          FROM \(table) ORDER BY 1
          """)
    }
  }

  @Test(arguments: [0, 1, 3, 40, 5_000, Int64.max, nil] as [Int64?])
  func aRefreshLeavesWhatSummingAllAgainLeaves(gap: Int64?) throws {
    let queue = try DatabaseQueue()
    try Schema.migrator.migrate(queue)
    var numbers = Numbers(state: UInt64(bitPattern: gap ?? -1))
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO project (id, title, title_key, units, frequency, created_at, updated_at,
            reading_count, last_reading_at)
          VALUES (1, 'One', 'one', '', 'daily', 0, 0, 0, NULL),
            (2, 'Two', 'two', '', 'daily', 0, 0, 0, NULL)
          """)
      func add(_ project: Int64, _ count: Int) throws -> [Int64] {
        var quarters: [Int64] = []
        for _ in 0..<count {
          let time = Self.instant(&numbers)
          try db.execute(
            sql: "INSERT INTO reading (project_id, amount, timestamp) VALUES (?, ?, ?)",
            arguments: [project, Self.amount(&numbers), time])
          quarters.append(RollupLevel.quarter.bucket(of: time))
        }
        return quarters
      }
      // More quarters than a page of stored ones.
      _ = try add(1, 2_000)
      _ = try add(2, 50)
      try db.rebuildAllRollups()
      for round in 0..<6 {
        var stale = try add(1, round * 37 % 100)
        let ids = try Int64.fetchAll(db, sql: "SELECT id FROM reading WHERE project_id = 1")
        for _ in 0..<(round % 3 * 40) where !ids.isEmpty {
          let id = ids[numbers.next(ids.count)]
          let time = try Int64.fetchOne(
            db, sql: "SELECT timestamp FROM reading WHERE id = ?", arguments: [id])
          guard let time else { continue }
          stale.append(RollupLevel.quarter.bucket(of: time))
          if numbers.next(2) == 0 {
            try db.execute(sql: "DELETE FROM reading WHERE id = ?", arguments: [id])
          } else {
            let moved = Self.instant(&numbers)
            try db.execute(
              sql: "UPDATE reading SET timestamp = ?, amount = ? WHERE id = ?",
              arguments: [moved, Self.amount(&numbers), id])
            stale.append(RollupLevel.quarter.bucket(of: moved))
          }
        }
        try db.execute(
          sql: """
            UPDATE project SET reading_count = (SELECT COUNT(*) FROM reading WHERE project_id = 1)
            WHERE id = 1
            """)
        try db.refreshRollups(
          of: ProjectID(rawValue: 1), quarters: stale.map { $0...$0 }.joinedRuns(),
          bridgingGapsOf: gap)
        let refreshed = try Self.rollups(db)
        #expect(try db.rollupDifference(of: ProjectID(rawValue: 1)) == nil)
        try db.execute(sql: "DELETE FROM reading_week")
        try db.rebuildAllRollups()
        #expect(try Self.rollups(db) == refreshed, "round \(round)")
      }
      // A project left without readings has no rollups; the other keeps its own, and then
      // loses them the same way.
      for project in [1, 2] as [Int64] {
        let quarters = try Int64.fetchAll(
          db, sql: "SELECT quarter FROM reading_quarter WHERE project_id = ?",
          arguments: [project])
        try db.execute(sql: "DELETE FROM reading WHERE project_id = ?", arguments: [project])
        try db.refreshRollups(
          of: ProjectID(rawValue: project), quarters: quarters.map { $0...$0 }.joinedRuns(),
          bridgingGapsOf: gap)
        let refreshed = try Self.rollups(db)
        #expect(!refreshed.isEmpty || project == 2)
        #expect(!refreshed.contains { $0.split(separator: " ")[1] == "\(project)" })
        try db.execute(sql: "DELETE FROM reading_week")
        try db.rebuildAllRollups()
        #expect(try Self.rollups(db) == refreshed)
      }
    }
  }
}
