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
    of project: ProjectID, from: Timestamp?, to: Timestamp?, passes: Int,
    _ body: (_ pass: Int, Reading) throws -> Void
  ) throws(TallyError) {
    try read(doing: "read the readings") { db in
      var arguments = [project.rawValue]
      var condition = "project_id = ?"
      if let from {
        condition += " AND timestamp >= ?"
        arguments.append(from.microsecondsSince1970)
      }
      if let to {
        condition += " AND timestamp < ?"
        arguments.append(to.microsecondsSince1970)
      }
      // The index's order, then each instant's readings by id (SameInstantOrder); stepped
      // through SQLite's own calls, a reading a step.
      let statement = try RawStatement(
        db,
        """
        SELECT \(ReadingRecord.columns()) FROM reading WHERE \(condition)
        ORDER BY timestamp, amount, id
        """)
      try statement.using { statement in
        // Reset however the walk ends, so that no statement is left running in the read.
        defer { statement.reset() }
        for pass in 0..<passes {
          statement.reset()
          statement.bind(arguments)
          let each = { (reading: Reading) in try body(pass, reading) }
          var order = SameInstantOrder<Reading> { $0 }
          while try statement.step() {
            try order.add(ReadingRecord.reading(at: statement), to: each)
          }
          try order.flush(to: each)
        }
      }
    }
  }

  /// Calls `body` with every reading and its project's title, by project title then time.
  public func forEachReadingWithTitle(
    _ body: (String, Reading) throws -> Void
  ) throws(TallyError) {
    try read(doing: "read the readings") { db in
      let statement = try RawStatement(
        db,
        """
        SELECT \(ReadingRecord.columns(as: "r")), p.title
        FROM reading r JOIN project p ON p.id = r.project_id
        ORDER BY p.title_key, r.timestamp, r.amount, r.id
        """)
      try statement.using { statement in
        statement.reset()
        defer { statement.reset() }
        var order = SameInstantOrder<(String, Reading)> { $0.1 }
        let each = { (item: (String, Reading)) in try body(item.0, item.1) }
        // The title follows the columns in ReadingRecord.columnNames's order; a project's
        // readings come together, so its title is made once.
        let titleColumn = Int32(ReadingRecord.columnNames.count)
        var title = (project: Int64(0), text: "")
        while try statement.step() {
          let reading = ReadingRecord.reading(at: statement)
          if reading.projectID.rawValue != title.project {
            title = (reading.projectID.rawValue, statement.text(titleColumn) ?? "")
          }
          try order.add((title.text, reading), to: each)
        }
        try order.flush(to: each)
      }
    }
  }
}
