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
    var writer = RecordWriter(capacity: field.utf8.count + 2)
    writer.csvField(field)
    return writer.text
  }
}
