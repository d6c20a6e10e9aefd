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
