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
    let (condition, texts) = FilterSQL(find: "strpos", like: "ILIKE") { "$\($0)" }
      .condition(filter)
    for text in texts { binds.append(text) }
    let query = PostgresQuery(
      unsafeSQL: """
        SELECT id, timestamp, amount, is_reset, tags, note FROM reading
        WHERE project_id = $1\(condition)
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
    try read(doing: "read the readings") { session in
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
