/// Reads amounts: decimals with an optional sign and exponent, finite.
public enum AmountParser {
  /// Parses `text` as a finite number.
  ///
  /// - Parameters:
  ///   - text: The value, surrounding spaces allowed.
  ///   - decimalComma: Reads `1.234,5` as 1234.5: dots group thousands, the comma is the mark.
  /// - Returns: The number.
  /// - Throws: ``ParseError`` for empty values, text, `NaN`, infinities and overflow.
  public static func parse(_ text: String, decimalComma: Bool = false) throws(ParseError)
    -> Double
  {
    var value = Substring(text)
    while value.first == " " { value.removeFirst() }
    while value.last == " " { value.removeLast() }
    guard !value.isEmpty else { throw ParseError(value: text, reason: "no amount") }
    var normalized = String(value)
    if decimalComma {
      normalized = normalized.replacingAll(".", with: "").replacingAll(",", with: ".")
    }
    guard isDecimal(normalized.utf8), let number = Double(normalized) else {
      throw ParseError(value: text, reason: "not a number")
    }
    guard number.isFinite else {
      throw ParseError(value: text, reason: "not a finite number")
    }
    return number
  }

  /// Whether `bytes` is `[+-]digits[.digits][e[+-]digits]`: what `Double.init` accepts
  /// beyond that (`nan`, `inf`, hexadecimal) is not an amount.
  private static func isDecimal(_ bytes: String.UTF8View) -> Bool {
    var index = bytes.startIndex
    func at(_ scalar: Unicode.Scalar) -> Bool {
      index < bytes.endIndex && bytes[index] == UInt8(ascii: scalar)
    }
    func digits() -> Int {
      var count = 0
      while index < bytes.endIndex, bytes[index] >= 48, bytes[index] <= 57 {
        bytes.formIndex(after: &index)
        count += 1
      }
      return count
    }
    if at("+") || at("-") { bytes.formIndex(after: &index) }
    var mantissa = digits()
    if at(".") {
      bytes.formIndex(after: &index)
      mantissa += digits()
    }
    guard mantissa > 0 else { return false }
    if at("e") || at("E") {
      bytes.formIndex(after: &index)
      if at("+") || at("-") { bytes.formIndex(after: &index) }
      guard digits() > 0 else { return false }
    }
    return index == bytes.endIndex
  }
}

extension String {
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    result.reserveCapacity(utf8.count)
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
