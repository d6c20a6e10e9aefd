public import TallyCore

/// A row of characters, one per period, whose heights follow a project's headline: `▂▅▇ ▃█`.
///
/// Sums and usages rise from zero (or from the lowest value, when some are negative), so
/// that a small period looks small; a gauge's levels span its lowest to its highest reading,
/// since its changes are what a person watches. A period without a headline is a gap.
public enum Sparkline {
  /// The sparkline of `values`, oldest first, with `glyphs`.
  public static func render(_ values: [Double?], kind: ProjectKind, glyphs: Glyphs) -> String {
    let known = values.compactMap { $0 }.filter(\.isFinite)
    guard var low = known.min(), var high = known.max() else {
      return String(repeating: " ", count: values.count)
    }
    if kind != .gauge {
      low = min(low, 0)
      high = max(high, 0)
    }
    let levels = glyphs.levels
    return String(
      values.map { value -> Character in
        guard let value, value.isFinite else { return " " }
        // A flat line sits in the middle; zero among sums sits at the bottom.
        guard high > low else { return levels[value == 0 ? 0 : levels.count / 2] }
        return levels[CharacterCells.filled((value - low) / (high - low), of: levels.count - 1)]
      })
  }
}

extension TextTable {
  /// Adds a `TREND` column of each row's sparkline: the last periods of `trends` that the
  /// terminal's `width` leaves room for (all of them without a width), or no column when
  /// fewer than 4 fit, or its heading does not, or no row has a trend.
  public mutating func appendSparklines(
    _ trends: [(values: [Double?], kind: ProjectKind)], width: Int?, glyphs: Glyphs
  ) {
    let heading = "TREND"
    let longest = trends.map(\.values.count).max() ?? 0
    let room = width.map { $0 - naturalWidth - 2 } ?? longest
    // A column narrower than its heading would be as wide as the heading: past the width.
    guard longest > 0, room >= max(4, DisplayWidth.of(heading)) else { return }
    appendColumn(
      .init(heading),
      cells: trends.map {
        Sparkline.render(Array($0.values.suffix(room)), kind: $0.kind, glyphs: glyphs)
      })
  }
}
