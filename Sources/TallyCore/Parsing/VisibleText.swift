/// Text for people, made safe to print on a terminal: control characters, the Unicode
/// bidirectional controls, line and paragraph separators and invisible characters are written
/// out as visible escapes, so that a note from a stranger's file can neither steer the
/// terminal (an `ESC` sequence that sets the clipboard or the window title) nor break a row,
/// nor hide or reorder what is shown.
///
/// The escapes: `\n`, `\r`, `\t` and `\e` (ESC), and `\u{…}` in hexadecimal for every other
/// C0 or C1 control, `DEL` (`\u{7F}`), the bidirectional controls U+200E, U+200F, U+061C,
/// U+202A–U+202E and U+2066–U+2069, the line and paragraph separators U+2028 and U+2029, and
/// the characters that show as nothing: the soft hyphen U+00AD, U+180E, the zero-width space
/// U+200B, the word joiner and invisible operators U+2060–U+2064, and U+FEFF. The zero-width
/// joiner and non-joiner (U+200D, U+200C) are left as they are: emoji and scripts are written
/// with them. Outputs for programs (CSV, JSON) carry the exact text.
public enum VisibleText {
  /// `text` on one line, with every control character written out: for table cells, screens
  /// and the REPL's change lines.
  public static func escaped(_ text: String) -> String {
    escaped(text, keepingLineBreaks: false)
  }

  /// `text` with every control character but the line break and the tab written out: for
  /// messages, which may run over several lines.
  public static func message(_ text: String) -> String {
    escaped(text, keepingLineBreaks: true)
  }

  /// How many characters of a value a message quotes.
  public static let quoteLimit = 80

  /// `value` in single quotes for a message, on one line (its control characters escaped):
  /// its first ``quoteLimit`` characters, then how long it was, so that an error about a
  /// 20 MB field stays a line: `'aaaa…' (20971520 characters)`.
  public static func quoted(_ value: String) -> String {
    var count = 0
    var end = value.startIndex
    while end < value.endIndex, count <= quoteLimit {
      end = value.index(after: end)
      count += 1
    }
    guard count > quoteLimit else { return "'\(escaped(value))'" }
    let shown = value[..<value.index(value.startIndex, offsetBy: quoteLimit)]
    return "'\(escaped(String(shown)))…' (\(value.count) characters)"
  }

  /// `text` without the spaces, tabs and line breaks at its ends, as a title, units or a group
  /// is taken: a character that shows as nothing or breaks a line otherwise (``isHidden(_:)``:
  /// U+2028, U+200B, NEL) stays, at an end as anywhere, to be refused rather than dropped
  /// without a word.
  public static func trimmed(_ text: String) -> String {
    func trims(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\n" || scalar == "\r" || scalar == "\t"
        || (scalar.properties.isWhitespace && !isHidden(scalar))
    }
    var scalars = Substring(text).unicodeScalars
    while let first = scalars.first, trims(first) { scalars.removeFirst() }
    while let last = scalars.last, trims(last) { scalars.removeLast() }
    return String(scalars)
  }

  /// Whether `scalar` would act on a terminal, break a line, reorder text or show as nothing,
  /// rather than show as itself.
  public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
    case 0x2028, 0x2029: true
    case 0x00AD, 0x180E, 0x200B, 0x2060...0x2064, 0xFEFF: true
    default: false
    }
  }

  private static func escaped(_ text: String, keepingLineBreaks: Bool) -> String {
    // Printable ASCII, most text, hides nothing.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    guard text.unicodeScalars.contains(where: isHidden) else { return text }
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      guard isHidden(scalar) else {
        shown.append(scalar)
        continue
      }
      let escape: String
      switch scalar {
      case "\n" where keepingLineBreaks, "\t" where keepingLineBreaks: escape = String(scalar)
      case "\n": escape = "\\n"
      case "\r": escape = "\\r"
      case "\t": escape = "\\t"
      case "\u{1B}": escape = "\\e"
      default: escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
      shown.append(contentsOf: escape.unicodeScalars)
    }
    return String(shown)
  }
}
