/// A file that is not CSV as RFC 4180 describes it, past where a reader can carry on.
public struct CSVError: Error, Equatable, CustomStringConvertible {
  /// The line where the trouble starts.
  public var line: Int
  /// What is wrong.
  public var reason: String

  /// Creates an error.
  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }

  public var description: String { "line \(line): \(reason)" }
}
