/// Text fields in the CSV files tally writes, made safe to open in a spreadsheet.
///
/// A cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is run as a formula
/// by Excel, LibreOffice and Google Sheets (CSV injection). Following OWASP's advice, tally
/// writes such a text field (a title, units, a note) with a leading `'`, which spreadsheets
/// take as "show as text"; a text field that itself begins with `'` before one of those, or
/// before another `'`, gets one more, so that ``unescaped(_:)`` gives back exactly what was
/// stored. Numbers are written as they are.
public enum SpreadsheetText {
  /// The characters that start a formula.
  static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

  /// `text` as a CSV text field: with a leading `'` where a spreadsheet would otherwise run it.
  public static func escaped(_ text: String) -> String {
    needsMark(text) ? "'" + text : text
  }

  /// The text that ``escaped(_:)`` wrote: one leading `'` taken off where it marks a field.
  ///
  /// `import` reads notes, and the project names it filters on, through it, so that tally's
  /// own export imports back byte for byte.
  public static func unescaped(_ field: String) -> String {
    guard field.first == "'", needsMark(field) else { return field }
    return String(field.dropFirst())
  }

  /// Whether `text` is some `'`s (none or more) and then a formula's first character.
  private static func needsMark(_ text: String) -> Bool {
    guard let first = text.first(where: { $0 != "'" }) else { return false }
    return formulaStarts.contains(first)
  }
}
