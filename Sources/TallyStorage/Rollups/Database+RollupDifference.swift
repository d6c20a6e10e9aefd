import GRDB
import TallyCore

extension Database {
  /// Where `project`'s stored rollups first differ from its readings, if they do: its
  /// readings are added up again, in one pass, and each quarter, day and week compared with
  /// the stored one as it closes, so that memory holds a bucket of each level, whatever the
  /// number of readings.
  func rollupDifference(of project: ProjectID) throws -> RollupDifference? {
    func stored(_ level: RollupLevel) throws -> RollupComparison<any Error> {
      // A statement of its own: the three levels' cursors are open at once.
      let cursor = try Row.fetchCursor(
        makeStatement(sql: RollupSQL.stored(level)),
        arguments: [project.rawValue, Int64.min, Int64.max])
      return RollupComparison(level: level) { () throws(any Error) in
        try cursor.next().map(RollupSQL.figures)
      }
    }
    var quarters = try stored(.quarter)
    var days = try stored(.day)
    var weeks = try stored(.week)
    var (quarterFold, dayFold, weekFold) = (
      BucketFold(into: .quarter), BucketFold(into: .day), BucketFold(into: .week)
    )
    func closeDay(_ day: BucketFigures) throws {
      try days.counted(day)
      if let week = weekFold.add(day.figures, at: RollupLevel.day.start(of: day.bucket)) {
        try weeks.counted(week)
      }
    }
    func closeQuarter(_ quarter: BucketFigures) throws {
      try quarters.counted(quarter)
      if let day = dayFold.add(quarter.figures, at: RollupLevel.quarter.start(of: quarter.bucket)) {
        try closeDay(day)
      }
    }
    let readings = try Row.fetchCursor(
      cachedStatement(sql: RollupSQL.readingsInOrder),
      arguments: [project.rawValue, Int64.min, Int64.max])
    while let reading = try readings.next() {
      if let quarter = quarterFold.add(reading[1] as Double, at: reading[0] as Int64) {
        try closeQuarter(quarter)
      }
    }
    if let quarter = quarterFold.finish() { try closeQuarter(quarter) }
    if let day = dayFold.finish() { try closeDay(day) }
    if let week = weekFold.finish() { try weeks.counted(week) }
    try quarters.finish()
    try days.finish()
    try weeks.finish()
    return RollupDifference.first(of: [quarters, days, weeks])
  }
}
