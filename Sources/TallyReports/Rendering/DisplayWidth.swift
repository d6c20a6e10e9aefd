/// How many terminal columns text takes: East Asian wide characters and emoji take two.
public enum DisplayWidth {
  /// The columns `text` takes (no escape sequences in it).
  public static func of(_ text: String) -> Int {
    // Printable ASCII, most cells, is a column a byte: no grapheme breaking needed.
    let utf8 = text.utf8
    if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return utf8.count }
    return text.reduce(0) { $0 + of($1) }
  }

  static func of(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// `text` in lines of at most `width` columns each (one line when it fits), none left out.
  ///
  /// Broken after the last space or hyphen that fits (a date `2024-03-` and `01`; never after
  /// a minus sign), or where the columns run out. A character wider
  /// than `width` takes a line of its own; a space that does not fit ends its line.
  public static func lines(of text: String, width: Int) -> [String] {
    guard of(text) > width else { return [text] }
    var lines: [String] = []
    var line = ""
    var used = 0
    for character in text {
      let next = of(character)
      // A space where the line is full ends it (shown as nothing at a line's end), rather
      // than starting the next.
      if character == " ", used + next > width, !line.isEmpty {
        lines.append(line + " ")
        line = ""
        used = 0
        continue
      }
      if used + next > width, !line.isEmpty {
        // Carry the word (or the part of a date) being cut over to the next line, when a
        // space or a hyphen before it fits.
        if character != " ", let space = lastBreak(in: line) {
          let word = String(line[line.index(after: space)...])
          lines.append(String(line[...space]))
          line = word
          used = of(word)
        } else {
          lines.append(line)
          line = ""
          used = 0
        }
      }
      line.append(character)
      used += next
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// Where `line` may be broken after: its last space, or its last hyphen that follows a
  /// character other than a space (a minus sign starts a number); never its first character.
  private static func lastBreak(in line: String) -> String.Index? {
    var index = line.endIndex
    while index > line.startIndex {
      index = line.index(before: index)
      guard index != line.startIndex else { return nil }
      let character = line[index]
      if character == " " { return index }
      if character == "-", line[line.index(before: index)] != " " { return index }
    }
    return nil
  }

  /// `text` cut to at most `width` columns, ending in an ellipsis when it was cut.
  ///
  /// Escape sequences (a section's colour) take no room and are kept whole; a styled text that
  /// was cut ends with the reset, which the part cut off held.
  public static func truncate(_ text: String, to width: Int) -> String {
    guard TextWrap.visibleWidth(text) > width else { return text }
    var result = ""
    var used = 0
    var inEscape = false
    var styled = false
    for character in text {
      if inEscape || character == "\u{1B}" {
        inEscape = character == "\u{1B}" || !character.isLetter
        styled = true
        result.append(character)
        continue
      }
      let next = of(character)
      guard used + next <= width - 1 else { break }
      result.append(character)
      used += next
    }
    return result + "…" + (styled ? "\u{1B}[0m" : "")
  }
}
