/// The amounts a reading may have: finite and below a quadrillion in size.
///
/// A `Double` holds every whole number up to 2⁵³ (about 9 × 10¹⁵) exactly and 15 significant
/// digits of any number, so below 10¹⁵ an amount keeps its cents; and sums of a billion such
/// amounts stay far from overflow, so no total, mean or bar a report computes is ever infinite.
public enum AmountRange {
  /// The smallest size an amount may not reach: 10¹⁵.
  public static let limit = 1e15

  /// Whether `amount` may be stored.
  public static func contains(_ amount: Double) -> Bool {
    amount.isFinite && abs(amount) < limit
  }

  /// Why an amount outside the range is refused.
  public static let reason =
    "out of range: an amount must be smaller than 1e15 (a quadrillion) in size"
}
