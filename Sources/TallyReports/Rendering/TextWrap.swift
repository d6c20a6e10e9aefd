/// Text broken into lines that fit a terminal, at spaces: the one wrapping every caller uses
/// (help, hints, forms, messages, forecast lines), by display width.
///
/// A line that fits stays as it is. A longer one breaks at the last space that fits; its
/// continuation lines take its indentation (when that leaves room for words), so that a hint
/// or a list item stays one block. A word wider than the whole width, and only such a word,
/// is cut, at a character. Escape sequences (colours) take no room, and a wide character
/// (East Asian, emoji) takes two columns, as ``DisplayWidth`` counts them.
public enum TextWrap {
  /// `text` with each of its lines wrapped to `width` columns; as it is for no width or one
  /// below 10 (nothing sensible fits).
  public static func wrap(_ text: String, width: Int?) -> String {
    guard let width, width >= 10 else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { wrapLine(String($0), width: width).joined(separator: "\n") }
      .joined(separator: "\n")
  }

  /// One line as the lines it wraps onto.
  static func wrapLine(_ line: String, width: Int) -> [String] {
    guard visibleWidth(line) > width else { return [line] }
    // The line's start that stays as it is: its indentation, or a first column with the
    // spaces after it; continuation lines start under it.
    let lead: Substring
    let indent: String
    if let column = secondColumn(of: line, width: width) {
      lead = line[..<column]
      indent = String(repeating: " ", count: visibleWidth(String(lead)))
    } else {
      lead = line.prefix { $0 == " " }
      indent = visibleWidth(String(lead)) <= width / 3 ? String(lead) : ""
    }
    let words = line[lead.endIndex...].split(separator: " ").map(String.init)
    var lines: [String] = []
    var current = String(lead)
    var used = visibleWidth(current)
    var isLineEmpty = true
    for word in words {
      var word = word
      var size = visibleWidth(word)
      if !isLineEmpty, used + 1 + size <= width {
        current += " " + word
        used += 1 + size
        continue
      }
      if !isLineEmpty {
        lines.append(current)
        current = indent
        used = visibleWidth(indent)
        isLineEmpty = true
      }
      // A word wider than the room a line has is cut; every other word stays whole.
      while used + size > width {
        let (head, tail) = cut(word, at: width - used)
        lines.append(current + head)
        current = indent
        used = visibleWidth(indent)
        word = tail
        size = visibleWidth(word)
      }
      current += word
      used += size
      isLineEmpty = word.isEmpty
    }
    if !isLineEmpty || lines.isEmpty { lines.append(current) }
    return lines
  }

  /// For a line of two columns (`open N|TITLE        open a project…`), where its second
  /// column starts; `nil` for other lines, or when that is past half the width.
  private static func secondColumn(of line: String, width: Int) -> String.Index? {
    let body = line.drop { $0 == " " }
    guard let gap = body.range(of: "  ") else { return nil }
    let second = body[gap.upperBound...].drop { $0 == " " }
    guard !second.isEmpty, visibleWidth(String(line[..<second.startIndex])) <= width / 2 else {
      return nil
    }
    return second.startIndex
  }

  /// The columns `text` takes on a terminal: escape sequences take none.
  public static func visibleWidth(_ text: String) -> Int {
    var width = 0
    var inEscape = false
    for character in text {
      if inEscape {
        if character.isLetter { inEscape = false }
        continue
      }
      if character == "\u{1B}" {
        inEscape = true
        continue
      }
      width += DisplayWidth.of(character)
    }
    return width
  }

  /// `word` cut after at most `room` columns (at least one character, so that it goes on),
  /// and the rest.
  private static func cut(_ word: String, at room: Int) -> (String, String) {
    var head = ""
    var used = 0
    var index = word.startIndex
    var inEscape = false
    while index < word.endIndex {
      let character = word[index]
      let size: Int
      if inEscape || character == "\u{1B}" {
        inEscape = character == "\u{1B}" || !character.isLetter
        size = 0
      } else {
        size = DisplayWidth.of(character)
      }
      if used + size > room, !head.isEmpty { break }
      head.append(character)
      used += size
      index = word.index(after: index)
    }
    return (head, String(word[index...]))
  }
}
