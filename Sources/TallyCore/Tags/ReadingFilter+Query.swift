/// What a database can test of a ``ReadingFilter`` itself, so that only the readings that
/// may pass come out of it; ``ReadingFilter/matches(tags:note:)`` then decides.
extension ReadingFilter {
  /// What a stored `tags` column (`,food,work/client-a,`) holds when it carries `wanted` or
  /// a tag under it: `,wanted,` or `,wanted/`.
  public static func needles(_ wanted: String) -> [String] {
    [",\(wanted),", ",\(wanted)/"]
  }

  /// `noteContains` as a pattern for SQL's `LIKE … ESCAPE '\'`, for a text a database tests.
  ///
  /// Only an ASCII text: `LIKE` compares it as ``note(_:holds:)`` does (ASCII letters in
  /// either case). `nil` without a note condition, or for a text beyond ASCII (tested only by
  /// ``matches(tags:note:)``).
  public var notePattern: String? {
    guard let noteContains, noteContains.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    var pattern = "%"
    for character in noteContains {
      if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
      pattern.append(character)
    }
    return pattern + "%"
  }
}

/// The SQL test of a ``ReadingFilter`` on a row of `reading`, in a database's own words.
public struct FilterSQL: Sendable {
  /// The function that finds a text in another and gives its place, 0 when it is not there:
  /// `instr` in SQLite, `strpos` in PostgreSQL.
  public var find: String
  /// The operator that matches an ASCII text in any case: `LIKE` in SQLite, `ILIKE` in
  /// PostgreSQL.
  public var like: String
  /// A parameter by its number: `?2` or `$2`.
  public var parameter: @Sendable (Int) -> String

  /// A database's words.
  public init(find: String, like: String, parameter: @escaping @Sendable (Int) -> String) {
    self.find = find
    self.like = like
    self.parameter = parameter
  }

  /// The conditions that `filter` adds after `WHERE project_id = <parameter 1>`, each led by
  /// ` AND `, and the texts they bind, in order from parameter 2.
  public func condition(_ filter: ReadingFilter) -> (sql: String, texts: [String]) {
    var texts: [String] = []
    func carries(_ tag: String) -> String {
      texts += ReadingFilter.needles(tag)
      let first = texts.count
      return
        "(\(find)(tags, \(parameter(first))) > 0 OR \(find)(tags, \(parameter(first + 1))) > 0)"
    }
    var parts: [String] = filter.allTags.map(carries)
    if !filter.anyTags.isEmpty {
      parts.append("(" + filter.anyTags.map(carries).joined(separator: " OR ") + ")")
    }
    parts += filter.noTags.map { "(tags IS NULL OR NOT \(carries($0)))" }
    if let pattern = filter.notePattern {
      texts.append(pattern)
      parts.append("note \(like) \(parameter(texts.count + 1)) ESCAPE '\\'")
    }
    return (parts.map { " AND " + $0 }.joined(), texts)
  }
}
