import GRDB
import TallyCore

/// Writes the stored buckets of one project at one level, many rows per statement.
///
/// Where readings are sparse a large import writes a quarter per reading, hundreds of
/// thousands: one statement per row cost more than SQLite's work. The rows to store and the
/// buckets to delete wait until there are enough for a statement or ``flush()`` is called;
/// call it before the level's table is read where they are.
final class RollupWriter {
  /// How many rows one statement stores (6 parameters each) or deletes.
  static let rowsPerStatement = 256
  private let db: Database
  private let level: RollupLevel
  private let project: Int64
  private var stores: [BucketFigures] = []
  private var deletes: [Int64] = []

  init(db: Database, level: RollupLevel, project: ProjectID) {
    self.db = db
    self.level = level
    self.project = project.rawValue
  }

  /// Deletes the stored buckets `run` now: none of them may be waiting to be stored.
  func delete(_ run: ClosedRange<Int64>) throws {
    try RawStatement(db, RollupSQL.deleteRun(level)).using { statement in
      statement.bind(project, run.lowerBound, run.upperBound)
      try statement.run()
    }
  }

  /// Deletes the stored bucket numbered `bucket`, now or with the next ones.
  func delete(bucket: Int64) throws {
    deletes.append(bucket)
    if deletes.count == Self.rowsPerStatement { try flushDeletes() }
  }

  /// Stores `bucket` in place of the one stored, if any, now or with the next rows.
  func store(_ bucket: BucketFigures) throws {
    stores.append(bucket)
    if stores.count == Self.rowsPerStatement { try flushStores() }
  }

  /// Writes the rows and deletions waiting.
  func flush() throws {
    try flushStores()
    try flushDeletes()
  }

  private func flushStores() throws {
    guard !stores.isEmpty else { return }
    defer { stores.removeAll(keepingCapacity: true) }
    let rows = stores.count == Self.rowsPerStatement ? Self.rowsPerStatement : 1
    try RawStatement(db, RollupSQL.insert(level, rows: rows)).using { statement in
      for start in stride(from: 0, to: stores.count, by: rows) {
        statement.reset()
        for (offset, bucket) in stores[start..<(start + rows)].enumerated() {
          let first = Int32(offset * 6 + 1)
          let figures = bucket.figures
          statement.bind(project, at: first)
          statement.bind(bucket.bucket, at: first + 1)
          statement.bind(Int64(figures.count), at: first + 2)
          statement.bind(figures.sum, at: first + 3)
          // A stored bucket holds readings: it has a smallest and a largest.
          statement.bind(figures.min ?? 0, at: first + 4)
          statement.bind(figures.max ?? 0, at: first + 5)
        }
        try statement.run()
      }
    }
  }

  private func flushDeletes() throws {
    guard !deletes.isEmpty else { return }
    defer { deletes.removeAll(keepingCapacity: true) }
    let rows = deletes.count == Self.rowsPerStatement ? Self.rowsPerStatement : 1
    try RawStatement(db, RollupSQL.deleteBuckets(level, rows: rows)).using { statement in
      for start in stride(from: 0, to: deletes.count, by: rows) {
        statement.reset()
        statement.bind(project, at: 1)
        for (offset, bucket) in deletes[start..<(start + rows)].enumerated() {
          statement.bind(bucket, at: Int32(offset + 2))
        }
        try statement.run()
      }
    }
  }
}
