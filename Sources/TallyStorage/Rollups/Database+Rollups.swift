import GRDB
import TallyCore

extension Database {
  /// Sums the quarters `stale` names (and their days and weeks) again from the readings, and
  /// drops the rollups of the projects it clears: what every write does before it commits, so
  /// that the rollups always agree with the readings.
  func refreshRollups(_ stale: StaleRollups) throws {
    for project in stale.cleared {
      try dropRollups(of: project)
    }
    for project in stale.projects {
      try refreshRollups(of: project, quarters: stale.runs(of: project))
    }
  }

  /// Sums every rollup of every project again from the readings: how a database gains them
  /// and how a copy received whole gets them.
  ///
  /// - Parameter progress: Told the share done, from 0 to 1, now and then.
  /// - Throws: SQLite's error.
  func rebuildAllRollups(progress: (Double) -> Void = { _ in }) throws {
    // Every level: a bucket without readings left (a week emptied at the end of the span, or
    // every reading gone) is summed by no project's span, and would stay.
    for level in RollupLevel.allCases {
      try execute(sql: "DELETE FROM \(RollupSQL.table(level))")
    }
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
        quarters: [quarter.bucket(of: first)...quarter.bucket(of: last)])
      done += span[1] as Int
      progress(Double(done) / Double(total))
    }
  }

  /// Takes away every rollup of `project`.
  ///
  /// Where no other project has any, each table is emptied whole: a `DELETE` without `WHERE`
  /// frees its pages at once (SQLite's truncate optimization), where one with it visits each of
  /// a million rows.
  func dropRollups(of project: ProjectID) throws {
    for level in RollupLevel.allCases {
      let table = RollupSQL.table(level)
      let othersHaveSome =
        try Bool.fetchOne(
          self,
          sql: """
            SELECT EXISTS (SELECT 1 FROM \(table) WHERE project_id < ?)
              OR EXISTS (SELECT 1 FROM \(table) WHERE project_id > ?)
            """,
          arguments: [project.rawValue, project.rawValue]) ?? true
      if othersHaveSome {
        try execute(
          sql: "DELETE FROM \(table) WHERE project_id = ?", arguments: [project.rawValue])
      } else {
        try execute(sql: "DELETE FROM \(table)")
      }
    }
  }

  /// Sums the quarters `runs` (ascending and apart) of `project` again from its readings, the
  /// days they lie in from their quarters, and the weeks those lie in from their days.
  ///
  /// Runs that lie a few readings apart are summed as one, the quarters between them too:
  /// reading those few again costs less than the statements of another run (a million sparse
  /// readings imported make hundreds of thousands of runs). Only the quarters that differ from
  /// those stored are written. The days of the runs that share or touch days are summed once,
  /// in the same pass, from the quarters summed and the stored quarters around them; the weeks
  /// of all of them once at the end.
  ///
  /// - Parameters:
  ///   - project: The project.
  ///   - runs: The stale quarters.
  ///   - gap: How many quarters apart runs are summed as one; by default as many as
  ///     ``ReadingSpan/bridgedGap`` says (the figures are the same whatever it is).
  /// - Throws: SQLite's error.
  func refreshRollups(
    of project: ProjectID, quarters runs: [ClosedRange<Int64>], bridgingGapsOf gap: Int64? = nil
  ) throws {
    guard !runs.isEmpty else { return }
    // A project left without readings (an import undone) has no rollups.
    guard let held = try readingSpan(of: project) else { return try dropRollups(of: project) }
    let spans = runs.joinedRuns(acrossGapsOf: gap ?? held.bridgedGap)
    let quarters = RollupWriter(db: self, level: .quarter, project: project)
    let days = RollupWriter(db: self, level: .day, project: project)
    var weeks: [ClosedRange<Int64>] = []
    for group in spans.grouped(into: .day, of: .quarter) {
      try days.delete(group.holding)
      var fold = BucketFold(into: .day)
      let dayQuarters = RollupLevel.quarter.buckets(in: group.holding, of: .day)
      var next = dayQuarters.lowerBound
      for span in group.runs {
        if next < span.lowerBound {
          try foldStored(.quarter, next...(span.lowerBound - 1), of: project, into: &fold, days)
        }
        try refreshQuarters(span, of: project, quarters) { quarter in
          if let day = fold.add(quarter.figures, at: RollupLevel.quarter.start(of: quarter.bucket))
          {
            try days.store(day)
          }
        }
        next = span.upperBound + 1
      }
      if next <= dayQuarters.upperBound {
        try foldStored(.quarter, next...dayQuarters.upperBound, of: project, into: &fold, days)
      }
      if let last = fold.finish() { try days.store(last) }
      weeks.append(RollupLevel.week.buckets(holding: group.holding, of: .day))
    }
    try quarters.flush()
    try days.flush()
    for run in weeks.joinedRuns() {
      try refreshBuckets(.week, run, of: project)
    }
  }

  /// Sums the quarters `run` of `project` again from its readings, handing each that holds
  /// some to `body`, and writes with `write` those that differ from the stored ones.
  private func refreshQuarters(
    _ run: ClosedRange<Int64>, of project: ProjectID, _ write: RollupWriter,
    _ body: (BucketFigures) throws -> Void
  ) throws {
    var stored = StoredBuckets(db: self, level: .quarter, project: project, run: run)
    var settled = run.lowerBound - 1
    try foldReadings(run, of: project) { quarter in
      var unchanged = false
      while let old = try stored.next(upTo: quarter.bucket) {
        if old.bucket < quarter.bucket {
          try write.delete(bucket: old.bucket)
        } else {
          unchanged = old.isIdentical(to: quarter)
        }
      }
      if !unchanged { try write.store(quarter) }
      settled = quarter.bucket
      try body(quarter)
    }
    // The stored quarters after the last that holds readings hold none now.
    if settled < run.upperBound, stored.mayHoldMore {
      try write.delete((settled + 1)...run.upperBound)
    }
  }

  /// How many readings `project` holds (as counted before the write, if the write counts them
  /// after) and the quarters of its first and last; `nil` when it holds none.
  private func readingSpan(of project: ProjectID) throws -> ReadingSpan? {
    let row = try Row.fetchOne(
      cachedStatement(
        sql: """
          SELECT reading_count, (SELECT MIN(timestamp) FROM reading WHERE project_id = project.id),
            (SELECT MAX(timestamp) FROM reading WHERE project_id = project.id)
          FROM project WHERE id = ?
          """),
      arguments: [project.rawValue])
    guard let row, let first: Int64 = row[1], let last: Int64 = row[2] else { return nil }
    let quarter = RollupLevel.quarter
    return ReadingSpan(
      count: row[0] ?? 0, quarters: quarter.bucket(of: first)...quarter.bucket(of: last))
  }

  /// Adds up the readings of `project` in the quarters `run`, in time order, handing each
  /// quarter that holds some to `body`.
  private func foldReadings(
    _ run: ClosedRange<Int64>, of project: ProjectID, _ body: (BucketFigures) throws -> Void
  ) throws {
    let quarter = RollupLevel.quarter
    var fold = BucketFold(into: .quarter)
    try RawStatement(self, RollupSQL.readingsInOrder).using { readings in
      readings.bind(
        project.rawValue, quarter.start(of: run.lowerBound), quarter.start(of: run.upperBound + 1))
      while try readings.step() {
        if let done = fold.add(readings.double(1), at: readings.int64(0)) { try body(done) }
      }
    }
    if let last = fold.finish() { try body(last) }
  }

  /// Adds the stored buckets `run` of `level` of `project` into `fold`, writing the buckets
  /// it closes with `write`.
  private func foldStored(
    _ level: RollupLevel, _ run: ClosedRange<Int64>, of project: ProjectID,
    into fold: inout BucketFold, _ write: RollupWriter
  ) throws {
    try RawStatement(self, RollupSQL.stored(level)).using { statement in
      statement.bind(project.rawValue, run.lowerBound, run.upperBound)
      while try statement.step() {
        if let done = fold.add(
          RollupSQL.figures(statement), at: level.start(of: statement.int64(0)))
        {
          try write.store(done)
        }
      }
    }
  }

  /// Adds up the buckets `run` of `level` (days or weeks) of `project` again from the next
  /// smaller level's, which must be stored.
  private func refreshBuckets(
    _ level: RollupLevel, _ run: ClosedRange<Int64>, of project: ProjectID
  ) throws {
    guard let smaller = level.smaller else { return }
    var fold = BucketFold(into: level)
    let write = RollupWriter(db: self, level: level, project: project)
    try write.delete(run)
    try foldStored(smaller, smaller.buckets(in: run, of: level), of: project, into: &fold, write)
    if let last = fold.finish() { try write.store(last) }
    try write.flush()
  }
}

extension BucketFigures {
  /// Whether `other` is the same bucket with the same figures to the last bit (`==` takes
  /// -0 for 0).
  fileprivate func isIdentical(to other: BucketFigures) -> Bool {
    bucket == other.bucket && figures.count == other.figures.count
      && figures.sum.bitPattern == other.figures.sum.bitPattern
      && figures.min?.bitPattern == other.figures.min?.bitPattern
      && figures.max?.bitPattern == other.figures.max?.bitPattern
  }
}

/// How many readings a project holds and the quarters from its first to its last.
private struct ReadingSpan {
  var count: Int64
  var quarters: ClosedRange<Int64>

  /// How many quarters apart two stale runs may lie and be summed as one: as many as hold
  /// about sixteen readings, by how many there are over how long (all of them when the count
  /// is 0: an import into an empty project has not counted its own readings yet).
  var bridgedGap: Int64 {
    guard count > 0 else { return .max }
    return 16 * Int64(quarters.count) / count
  }
}
