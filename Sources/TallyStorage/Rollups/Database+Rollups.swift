import GRDB
import TallyCore

extension Database {
  /// Sums the quarters `stale` names (and their days) again from the readings, and drops the
  /// rollups of the projects it clears: what every write does before it commits, so that the
  /// rollups always agree with the readings.
  func refreshRollups(_ stale: StaleRollups) throws {
    for project in stale.cleared {
      try dropRollups(of: project)
    }
    for project in stale.projects {
      for run in stale.runs(of: project) {
        try refreshRollups(of: project, quarters: run)
      }
    }
  }

  /// Sums every rollup of every project again from the readings: how a database gains them
  /// and how a copy received whole gets them.
  ///
  /// - Parameter progress: Told the share done, from 0 to 1, now and then.
  /// - Throws: SQLite's error.
  func rebuildAllRollups(progress: (Double) -> Void = { _ in }) throws {
    try execute(sql: "DELETE FROM reading_quarter; DELETE FROM reading_day")
    let spans = try Row.fetchAll(
      self,
      sql: """
        SELECT id, reading_count, (SELECT MIN(timestamp) FROM reading WHERE project_id = project.id),
          (SELECT MAX(timestamp) FROM reading WHERE project_id = project.id)
        FROM project ORDER BY id
        """)
    let total = Swift.max(1, spans.reduce(0) { $0 + ($1[1] as Int) })
    var done = 0
    for span in spans {
      guard let first: Int64 = span[2], let last: Int64 = span[3] else { continue }
      let quarter = RollupLevel.quarter
      try refreshRollups(
        of: ProjectID(rawValue: span[0]),
        quarters: quarter.bucket(of: first)...quarter.bucket(of: last))
      done += span[1] as Int
      progress(Double(done) / Double(total))
    }
  }

  /// Takes away every rollup of `project`.
  func dropRollups(of project: ProjectID) throws {
    try execute(
      sql: "DELETE FROM reading_quarter WHERE project_id = ?; "
        + "DELETE FROM reading_day WHERE project_id = ?",
      arguments: [project.rawValue, project.rawValue])
  }

  /// Sums the quarters `run` of `project` again from its readings, then the days they lie in
  /// from their quarters.
  func refreshRollups(of project: ProjectID, quarters run: ClosedRange<Int64>) throws {
    let quarter = RollupLevel.quarter
    var quarters = BucketFold(into: .quarter)
    let write = try RollupWriter(db: self, level: .quarter, project: project)
    try write.delete(run)
    try RawStatement(self, RollupSQL.readingsInOrder).using { readings in
      readings.bind(
        project.rawValue, quarter.start(of: run.lowerBound), quarter.start(of: run.upperBound + 1))
      while try readings.step() {
        if let done = quarters.add(readings.double(1), at: readings.int64(0)) {
          try write.insert(done)
        }
      }
    }
    if let last = quarters.finish() { try write.insert(last) }

    let days = RollupLevel.day.buckets(holding: run, of: .quarter)
    try refreshBuckets(.day, days, of: project)
    try refreshBuckets(.week, RollupLevel.week.buckets(holding: days, of: .day), of: project)
  }

  /// Adds up the buckets `run` of `level` (days or weeks) of `project` again from the next
  /// smaller level's.
  private func refreshBuckets(
    _ level: RollupLevel, _ run: ClosedRange<Int64>, of project: ProjectID
  ) throws {
    guard let smaller = level.smaller else { return }
    var fold = BucketFold(into: level)
    let write = try RollupWriter(db: self, level: level, project: project)
    try write.delete(run)
    let parts = smaller.buckets(in: run, of: level)
    try RawStatement(self, RollupSQL.stored(smaller)).using { statement in
      statement.bind(project.rawValue, parts.lowerBound, parts.upperBound)
      while try statement.step() {
        if let done = fold.add(
          RollupSQL.figures(statement), at: smaller.start(of: statement.int64(0)))
        {
          try write.insert(done)
        }
      }
    }
    if let last = fold.finish() { try write.insert(last) }
  }
}

/// Writes the stored figures of one project at one level.
private struct RollupWriter {
  let deleteRun: RawStatement
  let insertBucket: RawStatement
  let project: Int64

  init(db: Database, level: RollupLevel, project: ProjectID) throws {
    let table = RollupSQL.table(level)
    let column = RollupSQL.column(level)
    deleteRun = try RawStatement(
      db, "DELETE FROM \(table) WHERE project_id = ? AND \(column) BETWEEN ? AND ?")
    insertBucket = try RawStatement(
      db,
      """
      INSERT INTO \(table) (project_id, \(column), count, total, smallest, largest)
      VALUES (?, ?, ?, ?, ?, ?)
      """)
    self.project = project.rawValue
  }

  func delete(_ run: ClosedRange<Int64>) throws {
    try deleteRun.using { statement in
      statement.bind(project, run.lowerBound, run.upperBound)
      try statement.run()
    }
  }

  func insert(_ bucket: BucketFigures) throws {
    try insertBucket.using { statement in
      let figures = bucket.figures
      statement.bind(project, bucket.bucket, Int64(figures.count))
      statement.bind(figures.sum, at: 4)
      // A stored bucket holds readings: it has a smallest and a largest.
      statement.bind(figures.min ?? 0, at: 5)
      statement.bind(figures.max ?? 0, at: 6)
      try statement.run()
    }
  }
}

extension Database {
  /// Where `project`'s stored rollups first differ from its readings, if they do: its
  /// readings are added up again, in one pass, and compared with the stored quarters and days.
  func rollupDifference(of project: ProjectID) throws -> RollupDifference? {
    var quarters = BucketFold(into: .quarter)
    let readings = try Row.fetchCursor(
      cachedStatement(sql: RollupSQL.readingsInOrder),
      arguments: [project.rawValue, Int64.min, Int64.max])
    var countedQuarters: [BucketFigures] = []
    while let reading = try readings.next() {
      if let done = quarters.add(reading[1] as Double, at: reading[0] as Int64) {
        countedQuarters.append(done)
      }
    }
    if let last = quarters.finish() { countedQuarters.append(last) }
    func folded(_ parts: [BucketFigures], of smaller: RollupLevel, into level: RollupLevel)
      -> [BucketFigures]
    {
      var fold = BucketFold(into: level)
      var buckets: [BucketFigures] = []
      for part in parts {
        if let done = fold.add(part.figures, at: smaller.start(of: part.bucket)) {
          buckets.append(done)
        }
      }
      if let last = fold.finish() { buckets.append(last) }
      return buckets
    }
    let countedDays = folded(countedQuarters, of: .quarter, into: .day)
    let countedWeeks = folded(countedDays, of: .day, into: .week)
    func stored(_ level: RollupLevel) throws -> [BucketFigures] {
      try Row.fetchAll(
        cachedStatement(sql: RollupSQL.stored(level)),
        arguments: [project.rawValue, Int64.min, Int64.max]
      ).map(RollupSQL.figures)
    }
    return RollupDifference.first([
      (.quarter, try stored(.quarter), countedQuarters), (.day, try stored(.day), countedDays),
      (.week, try stored(.week), countedWeeks),
    ])
  }
}
