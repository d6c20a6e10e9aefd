import Foundation
public import TallyApp
public import TallyReports

/// How the REPL writes to its terminal: whether it may colour, and how wide tables may be.
public struct ConsoleStyle: Equatable, Sendable {
  /// Whether escape codes for colour and weight are written.
  public var colors: Bool
  /// The terminal's columns; `nil` when output is not a terminal (nothing is cut then).
  public var width: Int?
  /// What bars and sparklines are drawn with: block elements in a UTF-8 locale.
  public var glyphs: Glyphs

  /// Creates a style.
  public init(colors: Bool, width: Int?, glyphs: Glyphs = .unicode) {
    self.colors = colors
    self.width = width
    self.glyphs = glyphs
  }

  /// Plain text, no width limit: for scripts, pipes and tests.
  public static let plain = ConsoleStyle(colors: false, width: nil)

  /// The style for `terminal`: colours only when standard output is a terminal and
  /// `NO_COLOR` is unset or empty; its width; the glyphs from the locale.
  public static func detect(on terminal: Terminal, environment: [String: String]) -> ConsoleStyle {
    let display = terminal.display(glyphs: .detect(environment: environment))
    guard display.width != nil else {
      return ConsoleStyle(colors: false, width: nil, glyphs: display.glyphs)
    }
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return ConsoleStyle(colors: !noColor, width: display.width, glyphs: display.glyphs)
  }

  /// The display this style writes to.
  public var display: TextDisplay { TextDisplay(width: width, glyphs: glyphs) }

  /// `text` in bold.
  func bold(_ text: String) -> String { styled(text, "1") }
  /// `text` dimmed, for what matters less.
  func dim(_ text: String) -> String { styled(text, "2") }
  /// `text` in red, for errors and deletions.
  func red(_ text: String) -> String { styled(text, "31") }
  /// `text` in green, for additions.
  func green(_ text: String) -> String { styled(text, "32") }
  /// `text` in yellow, for changes.
  func yellow(_ text: String) -> String { styled(text, "33") }

  private func styled(_ text: String, _ code: String) -> String {
    colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
