import Foundation

/// Where text output goes, as far as drawing goes: how many columns and lines a terminal has
/// (none for a pipe or file) and which glyphs its locale can show.
public struct TextDisplay: Equatable, Sendable {
  /// The terminal's columns; `nil` when output is not a terminal.
  public var width: Int?
  /// What bars and sparklines are drawn with.
  public var glyphs: Glyphs
  /// The terminal's lines; `nil` when output is not a terminal.
  public var height: Int?

  /// Creates a display.
  public init(width: Int?, glyphs: Glyphs, height: Int? = nil) {
    self.width = width
    self.glyphs = glyphs
    self.height = height
  }

  /// This process's standard output: the width from `COLUMNS`, else the terminal's, else
  /// 80, when it is a terminal; the glyphs from the locale either way.
  public static func detect(environment: [String: String]) -> TextDisplay {
    let isTerminal = isatty(STDOUT_FILENO) == 1
    return TextDisplay(
      width: isTerminal ? terminalWidth(environment: environment) : nil,
      glyphs: .detect(environment: environment),
      height: isTerminal ? terminalHeight(environment: environment) : nil)
  }

  /// The lines of the terminal on standard output: what the terminal says (asked each time:
  /// it may have been resized; readline keeps `LINES` as it was at its last prompt), else
  /// `LINES`, else 24.
  public static func terminalHeight(environment: [String: String]) -> Int {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 {
      return Int(size.ws_row)
    }
    if let lines = environment["LINES"].flatMap({ Int($0) }), lines > 0 { return lines }
    return 24
  }

  /// The columns of the terminal on standard output: `COLUMNS` when set, else what the
  /// terminal says, else 80.
  public static func terminalWidth(environment: [String: String]) -> Int {
    if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return 80
  }
}
