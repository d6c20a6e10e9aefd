import GRDB
import TallyCore

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
