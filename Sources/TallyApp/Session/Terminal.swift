public import TallyReports

/// What the front door found out about the terminal tally runs in: which standard streams
/// are terminals, and how big it is now.
///
/// The executable detects it once (`Terminal.detect` in `TallyCommandLine`) and passes it
/// down; the layers below read this value and never ask the system themselves, so a test
/// hands them any terminal it likes.
public struct Terminal: Sendable {
  /// Whether standard input is a terminal (questions can be asked there).
  public var input: Bool
  /// Whether standard output is a terminal (tables, colours, paging).
  public var output: Bool
  /// Whether standard error is a terminal (progress bars, messages cut to its width).
  public var errors: Bool
  /// The columns text may use now.
  public var columns: @Sendable () -> Int
  /// The lines the terminal has now (asked each time: it may have been resized).
  public var lines: @Sendable () -> Int

  /// A terminal as given.
  public init(
    input: Bool, output: Bool, errors: Bool, columns: @escaping @Sendable () -> Int,
    lines: @escaping @Sendable () -> Int
  ) {
    self.input = input
    self.output = output
    self.errors = errors
    self.columns = columns
    self.lines = lines
  }

  /// No terminal at all: pipes and files, as scripts and tests see them.
  public static let none = Terminal(
    input: false, output: false, errors: false, columns: { 80 }, lines: { 24 })

  /// How text on standard output is drawn: as wide and as high as the terminal when it is
  /// one, without a limit otherwise; `glyphs` for bars and sparklines.
  public func display(glyphs: Glyphs) -> TextDisplay {
    TextDisplay(
      width: output ? columns() : nil, glyphs: glyphs, height: output ? lines() : nil)
  }
}
