/// How lists of readings are laid out on screens.
public enum ReadingLayout: String, CaseIterable, Equatable, Codable, Sendable {
  /// A table while it fits the terminal's width, else one record a reading.
  case auto
  /// Always a table (text columns cut to fit).
  case table
  /// One field a line per reading, under a `-[ RECORD 1 ]-` header, as `psql`'s `\x`.
  case records
}

/// How the REPL shows what it shows: reading lists' layout and the pager.
///
/// Display state, kept in the store like the route.
public struct DisplaySettings: Equatable, Sendable {
  /// The layout of reading lists.
  public var layout: ReadingLayout
  /// Whether output longer than the terminal goes through a pager.
  public var pager: Bool

  /// Creates settings: `auto` layout and the pager on, by default.
  public init(layout: ReadingLayout = .auto, pager: Bool = true) {
    self.layout = layout
    self.pager = pager
  }
}

/// A change to the ``DisplaySettings``.
public enum DisplayAction: Equatable, Sendable {
  /// Lay reading lists out this way (`view records`).
  case setLayout(ReadingLayout)
  /// Turn the pager on or off (`pager off`).
  case setPager(Bool)
}

extension DisplaySettings {
  /// Applies `action`; pure.
  public mutating func apply(_ action: DisplayAction) {
    switch action {
    case .setLayout(let layout): self.layout = layout
    case .setPager(let on): pager = on
    }
  }
}
