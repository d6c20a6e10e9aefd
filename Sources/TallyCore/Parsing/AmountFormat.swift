import Foundation

/// How tally writes numbers: a stored amount that a program may read back through
/// ``exact(_:)``, every figure for people (tables, reports, screens, messages) through
/// ``plain(_:)``.
public enum AmountFormat {
  /// The shortest text that reads back as `amount` exactly, as Swift's own `description` of
  /// a `Double` writes it: `0.3333333333333333` for a third, `42.5`, `3`, `1e-05`.
  ///
  /// Every output of stored readings (`export`, `item list --format csv|json`) uses it, so an
  /// export imported again finds each reading it holds. Whole numbers print without a
  /// fraction (`3`, not `3.0`), and `-0` as `0`; every amount ``AmountRange`` allows reads
  /// back through ``AmountParser``.
  public static func exact(_ amount: Double) -> String {
    guard amount.isFinite else { return plain(amount) }
    if amount == amount.rounded(), abs(amount) < 1e15 { return String(Int64(amount)) }
    return amount.description
  }

  /// The shortest text of `amount` rounded to 15 significant digits.
  ///
  /// This is what `sqlite3` and `printf %.15g` show: `42.5`, `3`, `0.1`, `-7.25`, `1556.8`
  /// (not `1556.8000000000002`), `1e+21`. Binary noise in sums never shows; an amount as
  /// typed (at most 15 significant digits) reads back as itself.
  public static func plain(_ amount: Double) -> String {
    guard amount.isFinite else { return amount.isNaN ? "nan" : amount < 0 ? "-inf" : "inf" }
    if amount == amount.rounded(), abs(amount) < 1e15 {
      // Whole numbers are the common case, and -0 prints as 0.
      return String(Int64(amount))
    }
    // Swift's shortest text that reads back as the amount is `%.15g`'s when it has at most
    // 15 significant digits and no exponent (which `%.15g` writes only below 1e-4 or from
    // 1e15): rounding to 15 digits then lands on it. It costs a tenth of `vsnprintf`.
    let magnitude = abs(amount)
    if magnitude >= 1e-4, magnitude < 1e15 {
      let shortest = amount.description
      if Self.significantDigits(of: shortest) <= 15 { return shortest }
    }
    return printed(amount)
  }

  /// `amount` as `printf("%.15g")` writes it.
  static func printed(_ amount: Double) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
      let written = withVaList([amount]) { vsnprintf(buffer.baseAddress, 32, "%.15g", $0) }
      let bytes = UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(written))
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// How many significant digits a decimal text without an exponent holds (leading zeros
  /// left out); 99 for one with an exponent, which the fast path leaves to `printed(_:)`.
  private static func significantDigits(of text: String) -> Int {
    var count = 0
    var leading = true
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "0"):
        if !leading { count += 1 }
      case UInt8(ascii: "1")...UInt8(ascii: "9"):
        leading = false
        count += 1
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        return 99
      default:
        continue
      }
    }
    return count
  }
}

extension AmountFormat {
  /// `value`, the difference (or sum) of amounts up to `scale` in size, rounded to the 15
  /// significant digits those amounts carry: `83.5 - 83.1` is `0.4`, not the binary
  /// `0.400000000000006` that 15 digits of the difference alone would show.
  public static func difference(_ value: Double, scale: Double) -> Double {
    let scale = abs(scale)
    guard scale > 0, scale.isFinite, value.isFinite else { return value }
    let decimals = 14 - Int(log10(scale).rounded(.down))
    guard decimals > 0, decimals < 300 else { return value }
    let factor = pow(10, Double(decimals))
    let rounded = (value * factor).rounded() / factor
    return rounded.isFinite ? rounded : value
  }
}
