/// What reading a line gave.
public enum LineInput: Equatable, Sendable {
  /// A line, without its line break.
  case line(String)
  /// The person pressed Ctrl-C: the line is abandoned.
  case interrupted
  /// End of input: Ctrl-D on an empty line, or the end of a script.
  case end
}

/// Reads the REPL's input one line at a time.
public protocol LineReader: AnyObject {
  /// Whether a person types the lines: prompts, confirmations and colours are for them.
  var isInteractive: Bool { get }

  /// Reads a line, showing `prompt` when interactive.
  func readLine(prompt: String) -> LineInput

  /// Keeps `line` in the history, for lines that are commands.
  func remember(_ line: String)
}

/// Reads lines from standard input or a script without prompts, echo or escape codes.
public final class PlainLineReader: LineReader {
  private let next: () -> String?

  /// Creates a reader over `next`, which returns each line in turn, or `nil` at the end.
  public init(next: @escaping () -> String?) {
    self.next = next
  }

  /// Creates a reader over standard input.
  public convenience init() {
    self.init { Swift.readLine(strippingNewline: true) }
  }

  public var isInteractive: Bool { false }

  public func readLine(prompt: String) -> LineInput {
    guard var line = next() else { return .end }
    if line.hasSuffix("\r") { line.removeLast() }
    return .line(line)
  }

  public func remember(_ line: String) {}
}
