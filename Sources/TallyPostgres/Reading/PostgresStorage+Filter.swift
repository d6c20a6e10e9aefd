import Libpq
public import TallyCore

extension PostgresStorage {
  /// The readings of `project` that `filter` takes, in time order, in one snapshot.
  ///
  /// The server tests the tags (and an ASCII note text, as a necessary condition) itself;
  /// each reading that passes is then checked by ``ReadingFilter/matches(tags:note:)``.
  public func matchingReadings(
    of project: ProjectID, _ filter: ReadingFilter, keepingTags: Bool = false
  ) throws(TallyError) -> MatchingReadings {
    var binds = PGBindings()
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

  /// Whether any of `project`'s readings (any reading, without one) carries a tag, through
  /// the partial index `reading_tagged`.
  public func hasTaggedReadings(of project: ProjectID?) throws(TallyError) -> Bool {
    try read(doing: "read the readings") { session in
      let query: PostgresQuery =
        if let project {
          """
          SELECT EXISTS (
            SELECT 1 FROM reading WHERE tags IS NOT NULL AND project_id = \(project.rawValue))
          """
        } else {
          "SELECT EXISTS (SELECT 1 FROM reading WHERE tags IS NOT NULL)"
        }
      return try session.value(query, as: Bool.self) ?? false
    }
  }
}
