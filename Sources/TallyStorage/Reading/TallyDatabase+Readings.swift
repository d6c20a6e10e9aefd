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
      var request = ReadingRecord.filter(ReadingRecord.Columns.projectID == project.rawValue)
      if let from {
        request = request.filter(ReadingRecord.Columns.timestamp >= from.microsecondsSince1970)
      }
      if let to {
        request = request.filter(ReadingRecord.Columns.timestamp < to.microsecondsSince1970)
      }
      let cursor = try request.order(ReadingRecord.Columns.timestamp, ReadingRecord.Columns.id)
        .fetchCursor(db)
      while let record = try cursor.next() {
        try body(record.reading)
      }
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
          ORDER BY p.title_key, r.timestamp, r.id
          """)
      while let row = try rows.next() {
        // The columns in ReadingRecord.columnNames's order, then the title.
        let reading = Reading(
          id: ReadingID(rawValue: row[0]), projectID: ProjectID(rawValue: row[1]),
          amount: row[2], timestamp: Timestamp(microsecondsSince1970: row[3]), note: row[4],
          isReset: row[6], tags: Tags.read(row[7]))
        try body(row[ReadingRecord.columnNames.count], reading)
      }
    }
  }
}
