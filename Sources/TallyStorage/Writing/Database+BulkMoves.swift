import GRDB

extension Database {
  /// Whether moving `rows` readings in or out is better done without the (project, timestamp)
  /// index: when they are at least as many as the readings that stay, building the index once
  /// afterwards (one sort) beats inserting or deleting each of them in it.
  func isBulk(_ rows: Int) throws -> Bool {
    let stored = try Int.fetchOne(self, sql: "SELECT TOTAL(reading_count) FROM project") ?? 0
    return rows > 1_000 && rows >= stored - rows
  }

  /// Runs `body` with the (project, timestamp) index dropped when `bulk`, building it again
  /// after, in the same transaction, so a failure rolls both back.
  func withReadingIndex<Result>(suspended bulk: Bool, _ body: () throws -> Result) throws -> Result
  {
    guard bulk else { return try body() }
    try execute(sql: "DROP INDEX IF EXISTS \(Schema.readingTimeIndex)")
    let result = try body()
    try execute(sql: Schema.createReadingTimeIndex)
    return result
  }
}
