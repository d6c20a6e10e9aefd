import TallyCore
import TallyReports

/// Where the REPL writes: screens and results to one sink, errors and messages to another,
/// all in one style.
public final class Console {
  /// The style of what is written now: a terminal may have been resized since the last line.
  public var style: ConsoleStyle { currentStyle() }
  private let currentStyle: () -> ConsoleStyle
  private let output: (String) -> Void
  private let messages: (String) -> Void
  private let showProgress: (Double?) -> Void
  /// While set, screens are not drawn (results, messages and errors still are written): at
  /// start-up, until the start-up file has run and the one screen it leaves is drawn.
  var isMuted = false
  /// What was written while capturing, in order; `nil` when not capturing.
  private var captured: [CapturedText]?

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

  /// Writes `text` as it is: a screen's, which is drawn to fit the terminal and never paged.
  func write(_ text: String) {
    guard !isMuted else { return }
    if captured != nil { captured?.append(.screen(text)) } else { output(text) }
  }

  /// Writes output the person asked for in full (`list`, `log`, `report` with arguments, a
  /// command's help): the only output the pager may take.
  func result(_ text: String) {
    if captured != nil { captured?.append(.output(text)) } else { output(text) }
  }

  /// Writes `line` and a line break.
  func line(_ line: String = "") {
    write(line + "\n")
  }

  /// Writes `line` cut to the terminal's width with an ellipsis, as a table's cell is cut: a
  /// change line (`+ #309 …`) stays one row, as the screen it tells of shows it.
  func changeLine(_ line: String) {
    write((style.width.map { DisplayWidth.truncate(line, to: $0) } ?? line) + "\n")
  }

  /// Shows how much of a long task is done; `nil` when it is over.
  func progress(_ fraction: Double?) {
    showProgress(fraction)
  }

  /// Says what was done, wrapped at spaces to the terminal's width.
  func status(_ message: String) {
    emit(TextWrap.wrap(message, width: style.width) + "\n")
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
    emit(TextWrap.wrap(text, width: style.width))
  }

  private func emit(_ text: String) {
    if captured != nil { captured?.append(.message(text)) } else { messages(text) }
  }

  // MARK: Capturing, for the pager

  /// Keeps what is written from now on, in order, until ``finishCapture(paging:)``.
  func beginCapture() {
    captured = []
  }

  /// Writes what was captured so far and captures no more: before a question, or before
  /// output that goes on (`watch`).
  func release() {
    guard let chunks = captured else { return }
    captured = nil
    replay(chunks)
  }

  /// Stops capturing and writes what was captured.
  ///
  /// The results asked for in full go through `paging` when it takes them (it returns whether
  /// it did), then the screens and messages in the order they came; else all of it goes out
  /// in the order it came. A screen is never paged: what is typed next reaches the prompt.
  func finishCapture(paging: (String) -> Bool) {
    guard let chunks = captured else { return }
    captured = nil
    let text = chunks.compactMap(\.output).joined()
    guard !text.isEmpty, paging(text) else {
      replay(chunks)
      return
    }
    replay(chunks.filter { $0.output == nil })
  }

  private func replay(_ chunks: [CapturedText]) {
    for chunk in chunks {
      switch chunk {
      case .output(let text), .screen(let text): output(text)
      case .message(let text): messages(text)
      }
    }
  }
}

/// Text written while the console captures: output that may be paged, a screen's, or a
/// message.
private enum CapturedText {
  case output(String)
  case screen(String)
  case message(String)

  var output: String? {
    if case .output(let text) = self { text } else { nil }
  }
}
