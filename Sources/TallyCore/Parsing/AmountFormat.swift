/// How tally writes amounts for people and machines.
public enum AmountFormat {
  /// The shortest text that reads back as the same number: `42.5`, `3`, `0.1`, `-7.25`.
  public static func plain(_ amount: Double) -> String {
    if amount == amount.rounded(), abs(amount) < 1e15 {
      return String(Int64(amount))
    }
    return "\(amount)"
  }
}
