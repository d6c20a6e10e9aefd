/// Splits a command line into words as a shell would for simple quoting.
///
/// Spaces separate words, and double or single quotes keep spaces inside a word
/// (`add 42 --note "full tank"`). A backslash outside single quotes takes the next character
/// as it is.
public enum CommandWords {
  /// Why a line could not be split.
  public struct UnterminatedQuote: Error, Equatable, Sendable, CustomStringConvertible {
    /// The quote character left open.
    public var quote: Character
    /// Its column, from 1.
    public var column: Int

    public var description: String {
      "the quote \(quote) at column \(column) is not closed"
    }
  }

  /// The words of `line`.
  public static func split(_ line: String) throws(UnterminatedQuote) -> [String] {
    let (words, open) = scan(line)
    if let open { throw open }
    return words
  }

  /// The words of `line` as far as they go, keeping an unclosed quote's word: what completion
  /// reads while a line is half typed.
  public static func splitLeniently(_ line: String) -> [String] {
    scan(line).words
  }

  private static func scan(_ line: String) -> (words: [String], open: UnterminatedQuote?) {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: (character: Character, column: Int)?
    var escaped = false
    for (offset, character) in line.enumerated() {
      if escaped {
        current.append(character)
        escaped = false
        continue
      }
      if let open = quote {
        if character == open.character {
          quote = nil
        } else if character == "\\" && open.character == "\"" {
          escaped = true
        } else {
          current.append(character)
        }
        continue
      }
      switch character {
      case " ", "\t":
        if inWord {
          words.append(current)
          current = ""
          inWord = false
        }
      case "\"", "'":
        quote = (character, offset + 1)
        inWord = true
      case "\\":
        escaped = true
        inWord = true
      default:
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return (words, quote.map { UnterminatedQuote(quote: $0.character, column: $0.column) })
  }

  /// `word` as it would be typed: quoted when it holds spaces or quotes.
  public static func quoted(_ word: String) -> String {
    guard word.isEmpty || word.contains(where: { " \t\"'\\".contains($0) }) else { return word }
    return "\"" + word.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }
}
