import TallyCore

/// Where the REPL writes: screens and results to one sink, errors and messages to another,
/// all in one style.
public final class Console {
  /// The style of what is written now: a terminal may have been resized since the last line.
  public var style: ConsoleStyle { currentStyle() }
  private let currentStyle: () -> ConsoleStyle
  private let output: (String) -> Void
  private let messages: (String) -> Void
  private let showProgress: (Double?) -> Void
  /// While set, screens and tables are not written (messages and errors still are).
  var isMuted = false

  /// Creates a console.
  ///
  /// - Parameters:
  ///   - style: Colours and width, asked for each time something is written.
  ///   - output: Receives screens and tables (standard output).
  ///   - messages: Receives errors and status messages (standard error).
  ///   - progress: Receives how much of a long task is done, `nil` when it is over (a bar on
  ///     a terminal).
  public init(
    style: @autoclosure @escaping () -> ConsoleStyle, output: @escaping (String) -> Void,
    messages: @escaping (String) -> Void, progress: @escaping (Double?) -> Void = { _ in }
  ) {
    self.currentStyle = style
    self.output = output
    self.messages = messages
    self.showProgress = progress
  }

  /// Writes `text` as it is.
  func write(_ text: String) {
    if !isMuted { output(text) }
  }

  /// Writes `line` and a line break.
  func line(_ line: String = "") {
    write(line + "\n")
  }

  /// Shows how much of a long task is done; `nil` when it is over.
  func progress(_ fraction: Double?) {
    showProgress(fraction)
  }

  /// Says what was done.
  func status(_ message: String) {
    messages(message + "\n")
  }

  /// Reports an error, in the one style errors take whichever layer they come from.
  ///
  /// - Parameters:
  ///   - error: What went wrong.
  ///   - place: Where, when it matters: a script's name and line.
  func error(_ error: TallyError, at place: String? = nil) {
    let prefix = place.map { "\($0): " } ?? ""
    var text = style.red("Error:") + " " + prefix + error.message + "\n"
    if let hint = error.hint { text += hint + "\n" }
    messages(text)
  }
}
