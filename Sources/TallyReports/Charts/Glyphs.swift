/// The characters a terminal draws bars, sparklines and marks with: block elements where its
/// locale is UTF-8, plain ASCII where it may not show them.
public enum Glyphs: Sendable, Equatable {
  /// Block elements and box-drawing lines.
  case unicode
  /// Printable ASCII only.
  case ascii

  /// The glyphs a process may write, by its locale: the first of `LC_ALL`, `LC_CTYPE` and
  /// `LANG` that is set and not empty decides, as the C library does; UTF-8 when it names
  /// UTF-8, plain otherwise (no locale at all is the C locale, which is ASCII).
  public static func detect(environment: [String: String]) -> Glyphs {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    guard let locale else { return .ascii }
    let name = locale.lowercased()
    return name.contains("utf-8") || name.contains("utf8") ? .unicode : .ascii
  }

  /// The eight heights of a sparkline's columns, lowest first.
  public var levels: [Character] {
    switch self {
    case .unicode: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    case .ascii: ["_", ".", "-", "~", "=", "+", "*", "#"]
    }
  }

  /// A full character of a bar.
  public var full: Character {
    switch self {
    case .unicode: "█"
    case .ascii: "#"
    }
  }

  /// A bar's last character, in eighths of one, from one eighth to seven (ASCII rounds to
  /// a whole character or nothing).
  func partial(eighths: Int) -> String {
    switch self {
    case .unicode: ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths]
    case .ascii: eighths >= 4 ? "#" : ""
    }
  }

  /// The empty part of a progress bar.
  public var unfilled: Character {
    switch self {
    case .unicode: "░"
    case .ascii: "-"
    }
  }

  /// The axis that negative bars draw to the left of.
  var axis: Character {
    switch self {
    case .unicode: "│"
    case .ascii: "|"
    }
  }

  /// The mark of a goal on a bar's row.
  var goal: Character {
    switch self {
    case .unicode: "┊"
    case .ascii: ":"
    }
  }
}
