/// Where text output goes, as far as drawing goes: how many columns and lines a terminal has
/// (none for a pipe or file) and which glyphs its locale can show.
///
/// The front door works it out (the terminal is its business) and hands it down.
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
}
