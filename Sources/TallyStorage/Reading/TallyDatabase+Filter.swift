import GRDB
public import TallyCore

extension TallyDatabase {
  /// The readings of `project` that `filter` takes, in time order, in one read.
  ///
  /// SQLite tests the tags (and an ASCII note text) itself, so that only the readings that
  /// pass come out; each that does is then checked by ``ReadingFilter/matches(tags:note:)``.
  ///
  /// - Throws: ``TallyError`` when the database cannot be read.
  public func matchingReadings(
    of project: ProjectID, _ filter: ReadingFilter, keepingTags: Bool = false
  ) throws(TallyError) -> MatchingReadings {
    try read(doing: "read the readings") { db in
      let (condition, texts) = Self.condition(filter)
      var matching = MatchingReadings(of: project, keepingTags: keepingTags)
      try RawStatement(
        db,
        """
        SELECT id, timestamp, amount, is_reset, tags, note FROM reading
        WHERE project_id = ?1\(condition)
        ORDER BY timestamp, amount, id
        """
      ).using { statement in
        statement.bind(project.rawValue)
        for (index, text) in texts.enumerated() { statement.bind(text, at: Int32(index + 2)) }
        while try statement.step() {
          // Without a condition on tags or note, neither is read unless kept.
          let tags =
            filter.readsTags || keepingTags ? Tags.read(statement.text(4)) : []
          if !filter.takesEverything {
            guard
              filter.matches(
                tags: tags, note: filter.noteContains == nil ? nil : statement.text(5))
            else { continue }
          }
          matching.append(
            id: statement.int64(0), timestamp: statement.int64(1), amount: statement.double(2),
            isReset: statement.int64(3) != 0, tags: tags)
        }
      }
      return matching
    }
  }

  /// The tags readings carry, sorted: `project`'s, or every project's.
  ///
  /// - Throws: ``TallyError`` when the database cannot be read.
  public func tags(of project: ProjectID?) throws(TallyError) -> [String] {
    try read(doing: "read the tags") { db in
      let stored = try String.fetchAll(
        db,
        sql: "SELECT DISTINCT tags FROM reading WHERE tags IS NOT NULL"
          + (project == nil ? "" : " AND project_id = ?"),
        arguments: StatementArguments(project.map { [$0.rawValue] } ?? []))
      return Set(stored.flatMap(Tags.read)).sorted()
    }
  }

  /// The SQL that tests `filter` after `WHERE project_id = ?1`, and the texts it binds from
  /// parameter 2 on.
  static func condition(_ filter: ReadingFilter) -> (String, [String]) {
    var texts: [String] = []
    func carries(_ tag: String) -> String {
      let needles = ReadingFilter.needles(tag)
      texts += needles
      let first = texts.count
      return "(instr(',' || tags || ',', ?\(first)) > 0 "
        + "OR instr(',' || tags || ',', ?\(first + 1)) > 0)"
    }
    var parts: [String] = filter.allTags.map(carries)
    if !filter.anyTags.isEmpty {
      parts.append("(" + filter.anyTags.map(carries).joined(separator: " OR ") + ")")
    }
    parts += filter.noTags.map { "(tags IS NULL OR NOT \(carries($0)))" }
    if let pattern = filter.notePattern {
      texts.append(pattern)
      parts.append("note LIKE ?\(texts.count + 1) ESCAPE '\\'")
    }
    return (parts.map { " AND " + $0 }.joined(), texts)
  }
}
