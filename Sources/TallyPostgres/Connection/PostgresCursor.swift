/// A server-side cursor over a query's rows, fetched a chunk at a time within the open
/// transaction: a walk over ten million rows holds one chunk.
struct PostgresCursor {
  /// How many rows one fetch brings.
  static let chunk = 10_000

  private let session: PostgresSession
  private let name: String
  private var rows: [PostgresRow] = []
  private var next = 0
  private var isDone = false

  /// Declares the cursor `name` for `query`, which runs as it is fetched from.
  init(_ session: PostgresSession, name: String, for query: PostgresQuery) throws {
    self.session = session
    self.name = name
    var declare = query
    declare.sql = "DECLARE \(name) NO SCROLL CURSOR FOR " + query.sql
    try session.rows(declare)
  }

  /// The next row, or `nil` after the last (the cursor is closed then).
  mutating func nextRow() throws -> PostgresRow? {
    if next == rows.count {
      guard !isDone else { return nil }
      rows = try session.rows(PostgresQuery(unsafeSQL: "FETCH \(Self.chunk) FROM \(name)"))
      next = 0
      if rows.count < Self.chunk {
        isDone = true
        try session.execute("CLOSE \(name)")
      }
      guard !rows.isEmpty else { return nil }
    }
    defer { next += 1 }
    return rows[next]
  }
}
