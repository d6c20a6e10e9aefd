/// Why something could not be done, said so that a person can fix it.
///
/// Whatever failed changed nothing.
public struct TallyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What kind of failure this is.
  public enum Kind: String, Equatable, Sendable {
    /// A value is wrong: an empty title, an amount that is not a number, an impossible date.
    case invalidInput
    /// A project or reading that does not exist.
    case notFound
    /// The request contradicts what is stored: a duplicate title, a timer already running.
    case conflict
    /// The person may not do this to the project (a shared server's access rules): to them, a
    /// project they may not read does not exist (``notFound``).
    case forbidden
    /// The database could not be read or written.
    case storage
    /// The person asked to stop (Ctrl-C) before the command was done; it changed nothing.
    case interrupted
  }

  /// What kind of failure this is.
  public var kind: Kind
  /// What went wrong, where, and with which value.
  public var message: String
  /// What to do about it, if there is something to say.
  public var hint: String?

  /// Creates an error.
  ///
  /// Control characters in the words (from a file's bytes, say) are written out as escapes
  /// such as `\e` (``VisibleText``): printed, they would steer the terminal instead of showing
  /// the value.
  public init(_ kind: Kind, _ message: String, hint: String? = nil) {
    self.kind = kind
    self.message = Self.visible(message)
    self.hint = hint.map(Self.visible)
  }

  /// `text` with every control character but the line break and the tab written out.
  static func visible(_ text: String) -> String {
    VisibleText.message(text)
  }

  public var description: String {
    guard let hint else { return message }
    return "\(message)\n\(hint)"
  }
}
