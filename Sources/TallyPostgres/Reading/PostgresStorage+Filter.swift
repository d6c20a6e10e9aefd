import PostgresNIO
public import TallyCore

extension PostgresStorage {
  /// The readings of `project` that `filter` takes, in time order, in one snapshot.
  ///
  /// The server tests the tags (and an ASCII note text, as a necessary condition) itself;
  /// each reading that passes is then checked by ``ReadingFilter/matches(tags:note:)``.
  public func matchingReadings(
    of project: ProjectID, _ filter: ReadingFilter, keepingTags: Bool = false
  ) throws(TallyError) -> MatchingReadings {
    var binds = PostgresBindings()
    binds.append(project.rawValue)
    var parts: [String] = []
    func carries(_ tag: String) -> String {
      let needles = ReadingFilter.needles(tag)
      for needle in needles { binds.append(needle) }
      let first = binds.count - 1
      return "(strpos(tags, $\(first)) > 0 OR strpos(tags, $\(first + 1)) > 0)"
    }
    parts += filter.allTags.map(carries)
    if !filter.anyTags.isEmpty {
      parts.append("(" + filter.anyTags.map(carries).joined(separator: " OR ") + ")")
    }
    parts += filter.noTags.map { "(tags IS NULL OR NOT \(carries($0)))" }
    if let pattern = filter.notePattern {
      binds.append(pattern)
      parts.append("note ILIKE $\(binds.count) ESCAPE '\\'")
    }
    let query = PostgresQuery(
      unsafeSQL: """
        SELECT id, timestamp, amount, is_reset, tags, note FROM reading
        WHERE project_id = $1\(parts.map { " AND " + $0 }.joined())
        ORDER BY timestamp, amount, id
        """, binds: binds)
    return try read(doing: "read the readings") { session in
      var matching = MatchingReadings(of: project, keepingTags: keepingTags)
      for row in try session.rows(query) {
        let (id, timestamp, amount, isReset, stored, note) = try row.decode(
          (Int64, Int64, Double, Bool, String?, String?).self)
        let tags = Tags.read(stored)
        guard filter.matches(tags: tags, note: note) else { continue }
        matching.append(
          id: id, timestamp: timestamp, amount: amount, isReset: isReset, tags: tags)
      }
      return matching
    }
  }

  /// The tags readings carry, sorted: `project`'s, or every project's.
  public func tags(of project: ProjectID?) throws(TallyError) -> [String] {
    try read(doing: "read the tags") { session in
      let rows =
        if let project {
          try session.rows(
            """
            SELECT DISTINCT tags FROM reading
            WHERE tags IS NOT NULL AND project_id = \(project.rawValue)
            """)
        } else {
          try session.rows("SELECT DISTINCT tags FROM reading WHERE tags IS NOT NULL")
        }
      return Set(try rows.flatMap { Tags.read(try $0.decode(String.self)) }).sorted()
    }
  }
}
