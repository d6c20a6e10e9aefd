import GRDB
import TallyCore

extension Database {
  /// The reading of `project` next to `key` in time order (time, then id) on `side`, leaving
  /// out `excluding`.
  ///
  /// Two steps down the (project, timestamp) index: first the readings at `key`'s own time,
  /// then the nearest other time. One ordered query by (timestamp, id) would sort every
  /// reading on that side, since the index orders by amount after the time.
  func reading(
    of project: ProjectID, _ side: ReadingOrder.Side, of key: ReadingOrder.Key,
    excluding: ReadingID?
  ) throws -> Reading? {
    let (idTest, timeTest, order) =
      side == .before ? ("<", "<", "DESC") : (">", ">", "ASC")
    let excluded = excluding?.rawValue ?? 0
    let sameTime = try ReadingRecord.fetchOne(
      cachedStatement(
        sql: """
          SELECT * FROM reading
          WHERE project_id = ? AND timestamp = ? AND id \(idTest) ? AND id <> ?
          ORDER BY id \(order) LIMIT 1
          """),
      arguments: [project.rawValue, key.timestamp.microsecondsSince1970, key.id, excluded])
    if let sameTime { return sameTime.reading }
    guard
      let time = try Int64.fetchOne(
        cachedStatement(
          sql: """
            SELECT timestamp FROM reading
            WHERE project_id = ? AND timestamp \(timeTest) ? AND id <> ?
            ORDER BY timestamp \(order) LIMIT 1
            """),
        arguments: [project.rawValue, key.timestamp.microsecondsSince1970, excluded])
    else { return nil }
    return try ReadingRecord.fetchOne(
      cachedStatement(
        sql: """
          SELECT * FROM reading WHERE project_id = ? AND timestamp = ? AND id <> ?
          ORDER BY id \(order) LIMIT 1
          """),
      arguments: [project.rawValue, time, excluded]
    )?.reading
  }

  /// The first reading of `project` lower than the one before it without being a reset.
  ///
  /// One pass over the project's readings in time order: it runs when a project becomes a
  /// meter and after an import into a meter, not on each reading.
  func firstFall(of project: ProjectID) throws -> MeterFall? {
    let columns = ReadingRecord.columns()
    let row = try Row.fetchOne(
      self,
      sql: """
        SELECT * FROM (
          SELECT \(columns), LAG(id) OVER (ORDER BY timestamp, id) AS previous_id,
            LAG(amount) OVER (ORDER BY timestamp, id) AS previous_amount
          FROM reading WHERE project_id = ?
        )
        WHERE NOT is_reset AND amount < previous_amount
        ORDER BY timestamp, id LIMIT 1
        """,
      arguments: [project.rawValue])
    guard let row, let previousID: Int64 = row["previous_id"] else { return nil }
    return MeterFall(
      previous: try reading(ReadingID(rawValue: previousID)),
      reading: try ReadingRecord(row: row).reading)
  }
}
