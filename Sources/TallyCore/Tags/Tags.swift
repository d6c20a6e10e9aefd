/// The tags of a reading, as people type them: words of letters, digits, `-`, `_` and `/`
/// (for a hierarchy such as `work/client-a`), compared without case.
///
/// Tags are kept in lower case, sorted and without repeats, so that two spellings of one tag
/// are one tag and a reading's tags read back in the same order they are stored.
public enum Tags {
  /// The longest tag, in characters.
  public static let longest = 64
  /// The most tags one reading carries.
  public static let most = 32

  /// The tags in `text`, separated by `,` or `;`.
  ///
  /// Blanks around each are ignored; the tags come in lower case, sorted, without repeats.
  /// An empty text is no tags.
  ///
  /// - Throws: ``ParseError`` naming the first tag that is not a word of letters, digits,
  ///   `-`, `_` and `/`, is longer than ``longest``, or an empty part of a hierarchy; or more
  ///   than ``most`` tags.
  public static func parse(_ text: some StringProtocol) throws(ParseError) -> [String] {
    var tags: Set<String> = []
    for part in text.split(whereSeparator: { $0 == "," || $0 == ";" }) {
      let word = part.trimmingBlanks()
      if word.isEmpty { continue }
      tags.insert(try tag(word))
    }
    try checkCount(tags.count, of: String(text.prefix(200)))
    return tags.sorted()
  }

  /// The tags of `lists` together (a tags column's and `--tag`'s, repeated options), sorted,
  /// without repeats, held to ``most``: the one rule every path that gives a reading tags
  /// keeps (add, edit, import, migrate, restore; `tally check` reports a reading over it).
  ///
  /// - Throws: ``ParseError`` when they are more than ``most``, naming them.
  public static func joined(_ lists: [String]...) throws(ParseError) -> [String] {
    let tags = Set(lists.joined()).sorted()
    try checkCount(tags.count, of: listed(tags))
    return tags
  }

  /// Refuses `count` tags, more than ``most``, of `value` (for the message).
  ///
  /// - Throws: ``ParseError`` saying how many there are and how many a reading takes.
  public static func checkCount(_ count: Int, of value: String) throws(ParseError) {
    guard count > most else { return }
    throw ParseError(
      value: String(value.prefix(200)), reason: "has \(count) tags; a reading takes \(most)")
  }

  /// SQL (SQLite and PostgreSQL alike) for the readings that carry more than ``most`` tags:
  /// id, its project's title and how many, in id order.
  ///
  /// It reads only the tagged readings, through the partial index both databases keep of them
  /// (`reading_tagged`, which the `IN` lets SQLite pick): `tally check` of a database of
  /// millions of untagged readings does not read them again for this.
  public static let overLimitQuery = """
    SELECT r.id, (SELECT p.title FROM project p WHERE p.id = r.project_id),
      length(r.tags) - length(replace(r.tags, ',', '')) - 1
    FROM reading r
    WHERE r.project_id IN (SELECT id FROM project) AND r.tags IS NOT NULL
      AND length(r.tags) - length(replace(r.tags, ',', '')) - 1 > \(most)
    ORDER BY r.id
    """

  /// One tag, checked and in lower case.
  ///
  /// - Throws: ``ParseError`` when it is not a tag (see ``parse(_:)``).
  public static func tag(_ word: some StringProtocol) throws(ParseError) -> String {
    let word = String(word)
    guard !word.isEmpty else { throw ParseError(value: word, reason: "is not a tag") }
    guard word.count <= longest else {
      throw ParseError(
        value: String(word.prefix(80)) + "…",
        reason: "is longer than \(longest) characters, the longest a tag is")
    }
    if let bad = word.first(where: { !isTagCharacter($0) }) {
      throw ParseError(
        value: word,
        reason: "holds \(VisibleText.quoted(String(bad))): a tag is letters, digits, -, _ and /")
    }
    if word.hasPrefix("/") || word.hasSuffix("/") || word.contains("//") {
      throw ParseError(
        value: word, reason: "has an empty part: a hierarchy is written work/client-a")
    }
    return word.lowercased()
  }

  /// Whether the stored tag `stored` is `wanted` or lies under it: `work` takes in
  /// `work/client-a`.
  public static func tag(_ stored: String, isUnder wanted: String) -> Bool {
    stored == wanted
      || (stored.utf8.count > wanted.utf8.count && stored.hasPrefix(wanted)
        && stored.utf8[stored.utf8.index(stored.utf8.startIndex, offsetBy: wanted.utf8.count)]
          == UInt8(ascii: "/"))
  }

  /// `tags` as the databases store them: each between commas (`,food,work,`), so that a
  /// database finds a tag as `,food,` in the column as it is; `nil` for none.
  public static func stored(_ tags: [String]) -> String? {
    tags.isEmpty ? nil : "," + tags.joined(separator: ",") + ","
  }

  /// The tags a database stored (see ``stored(_:)``).
  public static func read(_ stored: String?) -> [String] {
    guard let stored, !stored.isEmpty else { return [] }
    return stored.split(separator: ",").map(String.init)
  }

  /// `tags` for people and files: joined by `,`; empty for none.
  public static func listed(_ tags: [String]) -> String {
    tags.joined(separator: ",")
  }

  private static func isTagCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "-" || character == "_"
      || character == "/"
  }
}

extension StringProtocol {
  fileprivate func trimmingBlanks() -> Substring {
    var text = Substring(self)
    while let first = text.first, first.isWhitespace { text.removeFirst() }
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return text
  }
}
