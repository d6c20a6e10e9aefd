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
      if let rounded = Self.rounded(shortest) { return rounded }
    }
    return printed(amount)
  }

  /// `shortest` (Swift's shortest exact text of an amount, without an exponent, of more than
  /// 15 significant digits) rounded to 15 as `%.15g` rounds the amount itself; `nil` where
  /// only `printf` can tell.
  ///
  /// Rounding the shortest text lands where rounding the binary amount does, unless the text's
  /// digits after the 15th are exactly `5`: a boundary between two 15-digit numbers that lies
  /// strictly between the amount and its shortest text would be a shorter (or, at the same
  /// length, closer) text of the amount. So `5` alone, and a rounding up to 1e15 (which `%g`
  /// writes with an exponent), are left to `printf`.
  static func rounded(_ shortest: String) -> String? {
    // Swift's shortest text of a Double has at most 17 digits, and no exponent here: at most
    // 4 leading zeros below 1 and 15 whole digits.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer -> String? in
      var count = 0
      var integerDigits = 0
      var negative = false
      var seenPoint = false
      for byte in shortest.utf8 {
        switch byte {
        case UInt8(ascii: "-"): negative = true
        case UInt8(ascii: "."): seenPoint = true
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
          guard count < 40 else { return nil }
          buffer[count] = byte - UInt8(ascii: "0")
          count += 1
          if !seenPoint { integerDigits += 1 }
        default: return nil
        }
      }
      var first = 0
      while first < count, buffer[first] == 0 { first += 1 }
      let cut = first + 15
      guard cut < count else { return nil }
      if count - cut == 1, buffer[cut] == 5 { return nil }
      var kept = cut
      if buffer[cut] >= 5 {
        var index = kept - 1
        while index >= 0, buffer[index] == 9 {
          buffer[index] = 0
          index -= 1
        }
        guard index >= 0 else { return nil }  // all nines and no leading zero: 1e15 and up
        buffer[index] += 1
      }
      // Whole digits beyond 15 would be written with an exponent (1e+15 and up).
      var whole = 0
      while whole < integerDigits - 1, buffer[whole] == 0 { whole += 1 }
      guard integerDigits - whole <= 15 else { return nil }
      while kept > integerDigits, buffer[kept - 1] == 0 { kept -= 1 }
      // The text goes after the digits, in the same buffer.
      var end = 40
      if negative {
        buffer[end] = UInt8(ascii: "-")
        end += 1
      }
      for index in whole..<integerDigits {
        buffer[end] = buffer[index] + UInt8(ascii: "0")
        end += 1
      }
      if kept > integerDigits {
        buffer[end] = UInt8(ascii: ".")
        end += 1
        for index in integerDigits..<kept {
          guard end < 64 else { return nil }
          buffer[end] = buffer[index] + UInt8(ascii: "0")
          end += 1
        }
      }
      return String(decoding: UnsafeMutableBufferPointer(rebasing: buffer[40..<end]), as: UTF8.self)
    }
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
