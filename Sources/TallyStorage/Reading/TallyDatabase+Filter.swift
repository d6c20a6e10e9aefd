import GRDB
public import TallyCore

extension TallyDatabase {
  /// SQLite's words for a filter's test.
  static let filterSQL = FilterSQL(find: "instr", like: "LIKE") { "?\($0)" }

  /// The readings of `project` that `filter` takes, in time order, in one read.
  ///
  /// SQLite tests the tags (and an ASCII note text) itself, so that only the readings that
  /// pass come out. Its test of tags is exact (`TagFilterPropertyTests` holds it to the rules);
  /// a note is then checked by ``ReadingFilter/matches(tags:note:)``.
  ///
  /// A project that holds a quarter or more of the readings is read straight through the
  /// table, in the order the rows lie, and put in order after: through the index, each
  /// reading's tags and note cost a look-up of its row elsewhere in the file (about twice the
  /// time at a million readings). A project with a smaller share is read through the index.
  ///
  /// - Throws: ``TallyError`` when the database cannot be read.
  public func matchingReadings(
    of project: ProjectID, _ filter: ReadingFilter, keepingTags: Bool = false
  ) throws(TallyError) -> MatchingReadings {
    try read(doing: "read the readings") { db in
      let (condition, texts) = Self.filterSQL.condition(filter)
      var matching = MatchingReadings(of: project, keepingTags: keepingTags)
      let readsTable = try Self.holdsLargeShare(project, db)
      // An ASCII text is tested by `LIKE` as `ReadingFilter` tests it; another is read.
      let readsNote = filter.noteContains != nil && filter.notePattern == nil
      let noteFilter = ReadingFilter(noteContains: filter.noteContains)
      // A few sets of tags recur over many readings: each is split once.
      var split: [String: [String]] = [:]
      func read(_ stored: String?) -> [String] {
        guard let stored else { return [] }
        if let tags = split[stored] { return tags }
        let tags = Tags.read(stored)
        if split.count < 4_096 { split[stored] = tags }
        return tags
      }
      let sql = """
        SELECT id, timestamp, amount, is_reset, \(keepingTags ? "tags" : "NULL"), \
        \(readsNote ? "note" : "NULL")
        FROM reading\(readsTable ? " NOT INDEXED" : "") WHERE project_id = ?1\(condition)
        \(readsTable ? "" : "ORDER BY timestamp, amount, id")
        """
      try RawStatement(db, sql).using { statement in
        statement.bind(project.rawValue)
        for (index, text) in texts.enumerated() { statement.bind(text, at: Int32(index + 2)) }
        while try statement.step() {
          let tags = keepingTags ? read(statement.text(4)) : []
          // The tags passed in SQL; only the note is looked at again.
          if readsNote, !noteFilter.matches(tags: [], note: statement.text(5)) { continue }
          matching.append(
            id: statement.int64(0), timestamp: statement.int64(1), amount: statement.double(2),
            isReset: statement.int64(3) != 0, tags: tags)
        }
      }
      matching.putInOrder()
      return matching
    }
  }

  /// Whether `project` holds a quarter or more of all readings, by the counts kept.
  private static func holdsLargeShare(_ project: ProjectID, _ db: Database) throws -> Bool {
    let row = try Row.fetchOne(
      db,
      sql: """
        SELECT (SELECT reading_count FROM project WHERE id = ?), SUM(reading_count) FROM project
        """, arguments: [project.rawValue])
    guard let row, let own: Int64 = row[0], let all: Int64 = row[1] else { return false }
    return own * 4 >= all
  }

  /// Whether any of `project`'s readings (any reading, without one) carries a tag, through
  /// the partial index `reading_tagged`.
  ///
  /// - Throws: ``TallyError`` when the database cannot be read.
  public func hasTaggedReadings(of project: ProjectID?) throws(TallyError) -> Bool {
    try read(doing: "read the readings") { db in
      try Bool.fetchOne(
        db,
        sql: "SELECT EXISTS (SELECT 1 FROM reading WHERE tags IS NOT NULL"
          + (project == nil ? ")" : " AND project_id = ?)"),
        arguments: StatementArguments(project.map { [$0.rawValue] } ?? [])) ?? false
    }
  }
}
