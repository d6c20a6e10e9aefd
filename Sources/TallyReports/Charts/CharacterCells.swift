/// How many of a row's character cells a fraction fills: what bars, sparklines and progress
/// bars share, so that none of them can trap.
public enum CharacterCells {
  /// How many of `count` cells `fraction` fills, rounded, from 0 to `count`.
  ///
  /// Spans of amounts near the largest a Double holds can make a fraction infinite or
  /// undefined: those fill all cells (infinite) or none.
  public static func filled(_ fraction: Double, of count: Int) -> Int {
    guard fraction.isFinite else { return fraction > 0 ? count : 0 }
    return Int((min(max(fraction, 0), 1) * Double(count)).rounded())
  }
}
