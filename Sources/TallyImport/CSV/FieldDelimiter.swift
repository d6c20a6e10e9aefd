/// The byte that separates fields in an imported file: comma by default, or what
/// `--delimiter` names.
public struct FieldDelimiter: Equatable, Sendable {
  /// The delimiter byte.
  public let byte: UInt8

  /// The comma of ordinary CSV.
  public static let comma = FieldDelimiter(validatedByte: UInt8(ascii: ","))

  private init(validatedByte: UInt8) {
    byte = validatedByte
  }

  /// The delimiter as `--delimiter` takes it: `tab`, or the character.
  public var argument: String {
    byte == UInt8(ascii: "\t") ? "tab" : String(UnicodeScalar(byte))
  }

  /// Parses a `--delimiter` value: one ASCII character other than a quote or a line break, or
  /// the word `tab` (also `\t`).
  ///
  /// - Returns: `nil` for anything else.
  public init?(argument: String) {
    switch argument {
    case "tab", "\\t", "\t":
      byte = UInt8(ascii: "\t")
    default:
      guard argument.utf8.count == 1, let only = argument.utf8.first, only < 0x80,
        only != UInt8(ascii: "\""), only != UInt8(ascii: "\n"), only != UInt8(ascii: "\r")
      else { return nil }
      byte = only
    }
  }
}
