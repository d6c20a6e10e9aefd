/// Rows in the text format of `COPY … FROM STDIN`: tab-separated, `\N` for NULL, backslash
/// escapes in text.
enum CopyText {
  static func field(_ value: some LosslessStringConvertible, into buffer: inout CopyBuffer) {
    buffer.writeString(String(value))
    buffer.writeString("\t")
  }

  /// Writes `value`, or NULL, as a field.
  static func field(_ value: Int64?, into buffer: inout CopyBuffer) {
    buffer.writeString(value.map(String.init) ?? "\\N")
    buffer.writeString("\t")
  }

  /// Writes `text`, or NULL, as a field.
  static func field(_ text: String?, into buffer: inout CopyBuffer) {
    value(text, into: &buffer)
    buffer.writeString("\t")
  }

  /// Ends the row: its last value, a text or NULL, and the newline.
  static func end(_ text: String?, into buffer: inout CopyBuffer) {
    value(text, into: &buffer)
    buffer.writeString("\n")
  }

  /// Writes `text` escaped, or NULL.
  private static func value(_ text: String?, into buffer: inout CopyBuffer) {
    if let text {
      escape(text, into: &buffer)
    } else {
      buffer.writeString("\\N")
    }
  }

  /// Ends the row: its last value, a boolean, and the newline.
  static func end(_ flag: Bool, into buffer: inout CopyBuffer) {
    buffer.writeString(flag ? "t\n" : "f\n")
  }

  /// Ends the row: its last value, a number, and the newline.
  static func end(_ value: Int64, into buffer: inout CopyBuffer) {
    buffer.writeString(String(value))
    buffer.writeString("\n")
  }

  private static func escape(_ text: String, into buffer: inout CopyBuffer) {
    guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
    else {
      buffer.writeString(text)
      return
    }
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    buffer.writeString(escaped)
  }
}
