import TallyCore

/// Writes CSV as RFC 4180 says: comma-separated, quoted where a field needs it, LF line ends.
public enum CSVWriter {
  /// A text field (a title, units, a note), written so that a spreadsheet shows it as text.
  ///
  /// See ``SpreadsheetText``: `=1+2` is written `'=1+2`. Numbers are passed as they are.
  public static func text(_ field: String) -> String {
    SpreadsheetText.escaped(field)
  }

  /// One record as a line, ending in a newline.
  public static func line(_ fields: [String]) -> String {
    fields.map(quoted).joined(separator: ",") + "\n"
  }

  /// A field, in double quotes (with inner quotes doubled) when it holds a comma, a quote, a
  /// line break, or spaces at either end.
  public static func quoted(_ field: String) -> String {
    let needsQuotes = field.utf8.contains { byte in
      byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
        || byte == UInt8(ascii: "\r")
    }
    guard needsQuotes || field.first == " " || field.last == " " else { return field }
    var result = "\""
    for character in field {
      result.append(character)
      if character == "\"" { result.append("\"") }
    }
    result.append("\"")
    return result
  }
}
