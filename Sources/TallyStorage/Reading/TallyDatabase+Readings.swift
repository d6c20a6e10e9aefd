import GRDB
public import TallyCore

extension TallyDatabase {
  /// The reading with `id`.
  ///
  /// - Throws: ``TallyError`` when there is none, or for a storage failure.
  public func reading(_ id: ReadingID) throws(TallyError) -> Reading {
    try read(doing: "read reading \(id)") { db in try db.reading(id) }
  }

  /// Calls `body` with each reading of `project` from `from` (inclusive) to `to` (exclusive),
  /// oldest first, without holding them all in memory.
  ///
  /// - Throws: ``TallyError`` when the database cannot be read, or what `body` throws.
  public func forEachReading(
    of project: ProjectID, from: Timestamp? = nil, to: Timestamp? = nil,
    _ body: (Reading) throws -> Void
  ) throws(TallyError) {
    try read(doing: "read the readings") { db in
      var arguments: StatementArguments = [project.rawValue]
      var condition = "project_id = ?"
      if let from {
        condition += " AND timestamp >= ?"
        arguments += [from.microsecondsSince1970]
      }
      if let to {
        condition += " AND timestamp < ?"
        arguments += [to.microsecondsSince1970]
      }
      // The index's order, then each instant's readings by id (SameInstantOrder).
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT \(ReadingRecord.columns()) FROM reading WHERE \(condition)
          ORDER BY timestamp, amount, id
          """,
        arguments: arguments)
      var order = SameInstantOrder<Reading> { $0 }
      while let row = try rows.next() {
        try order.add(ReadingRecord.reading(at: row), to: body)
      }
      try order.flush(to: body)
    }
  }

  /// Calls `body` with every reading and its project's title, by project title then time.
  public func forEachReadingWithTitle(
    _ body: (String, Reading) throws -> Void
  ) throws(TallyError) {
    try read(doing: "read the readings") { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT \(ReadingRecord.columns(as: "r")), p.title
          FROM reading r JOIN project p ON p.id = r.project_id
          ORDER BY p.title_key, r.timestamp, r.amount, r.id
          """)
      var order = SameInstantOrder<(String, Reading)> { $0.1 }
      let each = { (item: (String, Reading)) in try body(item.0, item.1) }
      while let row = try rows.next() {
        // The columns in ReadingRecord.columnNames's order, then the title.
        try order.add(
          (row[ReadingRecord.columnNames.count], ReadingRecord.reading(at: row)), to: each)
      }
      try order.flush(to: each)
    }
  }
}
