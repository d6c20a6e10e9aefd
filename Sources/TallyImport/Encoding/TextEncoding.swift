/// The character encoding of an imported file: what `--encoding` names, or what its byte order
/// mark says.
///
/// tally reads UTF-8 as it is; every other encoding is converted to UTF-8 as the file streams
/// through (``TranscodingSource``).
public enum TextEncoding: Equatable, Sendable {
  /// UTF-8, the default; a byte order mark at the start is skipped.
  case utf8
  /// UTF-16 in the order its byte order mark gives; without one, in the order its first
  /// character's bytes suggest (little-endian unless the first byte is 0).
  case utf16
  /// UTF-16, least significant byte first (Windows' "Unicode").
  case utf16LittleEndian
  /// UTF-16, most significant byte first.
  case utf16BigEndian
  /// ISO-8859-1: every byte is the character with its number.
  case latin1
  /// Windows-1252, a Windows spreadsheet's default export: ISO-8859-1 but for 0x80–0x9F,
  /// which hold `€`, curly quotes, dashes and a few letters (five of them are no character).
  case windows1252

  /// Parses an `--encoding` value, ignoring case: `utf-8`, `utf-16` (also `utf-16le`,
  /// `utf-16be`), `latin1` (also `iso-8859-1`) or `windows-1252` (also `cp1252`).
  ///
  /// - Returns: `nil` for anything else.
  public init?(argument: String) {
    switch argument.lowercased() {
    case "utf-8", "utf8": self = .utf8
    case "utf-16", "utf16": self = .utf16
    case "utf-16le", "utf16le": self = .utf16LittleEndian
    case "utf-16be", "utf16be": self = .utf16BigEndian
    case "latin1", "latin-1", "iso-8859-1", "iso8859-1": self = .latin1
    case "windows-1252", "cp1252": self = .windows1252
    default: return nil
    }
  }

  /// The values `--encoding` takes, as its help and its errors list them.
  public static let argumentNames = "utf-8, utf-16, utf-16le, utf-16be, latin1, windows-1252"

  /// Its name as `--encoding` takes it.
  public var name: String {
    switch self {
    case .utf8: "utf-8"
    case .utf16: "utf-16"
    case .utf16LittleEndian: "utf-16le"
    case .utf16BigEndian: "utf-16be"
    case .latin1: "latin1"
    case .windows1252: "windows-1252"
    }
  }

  /// Whether each character is one byte or more of UTF-8's kind, so that a NUL byte means the
  /// file is no text in it.
  var isByteOriented: Bool {
    switch self {
    case .utf8, .latin1, .windows1252: true
    case .utf16, .utf16LittleEndian, .utf16BigEndian: false
    }
  }
}
