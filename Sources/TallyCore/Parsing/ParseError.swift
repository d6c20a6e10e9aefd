/// A value tally cannot read: an amount that is not a finite number, a date that does not exist.
public struct ParseError: Error, Equatable, CustomStringConvertible {
  /// The value as given.
  public var value: String
  /// What is wrong with it.
  public var reason: String

  /// Creates the error for `value`.
  public init(value: String, reason: String) {
    self.value = value
    self.reason = reason
  }

  public var description: String { "\(VisibleText.quoted(value)): \(reason)" }
}
