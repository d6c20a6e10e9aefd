/// Reads amounts: decimals with an optional sign and exponent, within ``AmountRange``.
public enum AmountParser {
  /// Parses `text` as a finite number.
  ///
  /// - Parameters:
  ///   - text: The value, surrounding spaces allowed.
  ///   - decimalComma: Reads `1.234,5` as 1234.5: dots group thousands (in threes), the comma
  ///     is the mark.
  /// - Returns: The number.
  /// - Throws: ``ParseError`` for empty values, text, `NaN`, infinities and amounts outside
  ///   ``AmountRange``.
  public static func parse(_ text: String, decimalComma: Bool = false) throws(ParseError)
    -> Double
  {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(ParseError) -> Double in
        try parse(bytes: bytes, decimalComma: decimalComma)
      }
    }
    return try result.get()
  }

  /// Parses the UTF-8 bytes of a value as a finite number.
  ///
  /// Up to 15 significant digits and 22 decimals, the number is computed directly (one
  /// correctly rounded division); beyond, the standard library's conversion is used.
  ///
  /// - Returns: The number.
  /// - Throws: ``ParseError`` for empty values, text, `NaN`, infinities and amounts outside
  ///   ``AmountRange``.
  public static func parse(
    bytes: UnsafeBufferPointer<UInt8>, decimalComma: Bool = false
  ) throws(ParseError) -> Double {
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 { end -= 1 }
    guard start < end else {
      throw ParseError(value: String(decoding: bytes, as: UTF8.self), reason: "no amount")
    }
    let mark = decimalComma ? UInt8(ascii: ",") : UInt8(ascii: ".")
    let grouping: UInt8? = decimalComma ? UInt8(ascii: ".") : nil
    var index = start
    var negative = false
    if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    var mantissa: UInt64 = 0
    var significant = 0
    var digits = 0
    var decimals = 0
    var seenMark = false
    // Thousands separators: how many came, and the digits since the last (or the start).
    var groups = 0
    var groupDigits = 0
    var normalized: [UInt8] = negative ? [UInt8(ascii: "-")] : []
    while index < end {
      let byte = bytes[index]
      if byte >= 48, byte <= 57 {
        digits += 1
        if seenMark { decimals += 1 }
        if mantissa != 0 || byte != 48 { significant += 1 }
        if significant <= 19 { mantissa = mantissa &* 10 &+ UInt64(byte - 48) }
        if !seenMark { groupDigits += 1 }
        normalized.append(byte)
      } else if byte == mark, !seenMark {
        guard groups == 0 || groupDigits == 3 else { throw misgrouped(bytes) }
        seenMark = true
        normalized.append(UInt8(ascii: "."))
      } else if byte == grouping, !seenMark {
        // A thousands separator: nothing to keep, but 1 to 3 digits before the first and
        // exactly 3 after each.
        guard groupDigits >= 1, groupDigits <= 3, groups == 0 || groupDigits == 3 else {
          throw misgrouped(bytes)
        }
        groups += 1
        groupDigits = 0
      } else {
        break
      }
      index += 1
    }
    guard digits > 0 else { throw notANumber(bytes, decimalComma: decimalComma) }
    guard groups == 0 || seenMark || groupDigits == 3 else { throw misgrouped(bytes) }
    var exponent = 0
    var hasExponent = false
    if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      hasExponent = true
      normalized.append(UInt8(ascii: "e"))
      index += 1
      if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        normalized.append(bytes[index])
        index += 1
      }
      var exponentDigits = 0
      while index < end, bytes[index] >= 48, bytes[index] <= 57 {
        normalized.append(bytes[index])
        exponent = min(exponent * 10 + Int(bytes[index] - 48), 100_000)
        exponentDigits += 1
        index += 1
      }
      guard exponentDigits > 0 else { throw notANumber(bytes, decimalComma: decimalComma) }
    }
    guard index == end else { throw notANumber(bytes, decimalComma: decimalComma) }
    let value: Double
    if !hasExponent, significant <= 15, decimals <= 22 {
      let magnitude = Double(mantissa) / powersOfTen[decimals]
      value = negative ? -magnitude : magnitude
    } else if let parsed = Double(String(decoding: normalized, as: UTF8.self)) {
      value = parsed
    } else {
      throw notANumber(bytes, decimalComma: decimalComma)
    }
    // A literal with a digit other than 0 that reads as 0 (`1e-400`) is too small to store.
    guard value != 0 || significant == 0 else {
      throw ParseError(
        value: String(decoding: bytes, as: UTF8.self),
        reason: "too small: it is not 0, but would be stored as 0")
    }
    guard AmountRange.contains(value) else {
      throw ParseError(value: String(decoding: bytes, as: UTF8.self), reason: AmountRange.reason)
    }
    return value
  }

  private static func notANumber(_ bytes: UnsafeBufferPointer<UInt8>, decimalComma: Bool)
    -> ParseError
  {
    let text = String(decoding: bytes, as: UTF8.self)
    // A number that fails with a comma in it, and reads with a decimal comma, is likely
    // written the European way. (Only asked without one: the check itself reads with one.)
    if !decimalComma, text.contains(","), (try? parse(text, decimalComma: true)) != nil {
      return ParseError(value: text, reason: decimalCommaHint)
    }
    return ParseError(value: text, reason: "not a number")
  }

  /// Why `1,5` is not read as an amount where a point is expected.
  public static let decimalCommaHint =
    "not a number (it looks like a decimal comma: write a point, or import with --decimal-comma)"

  private static func misgrouped(_ bytes: UnsafeBufferPointer<UInt8>) -> ParseError {
    ParseError(
      value: String(decoding: bytes, as: UTF8.self),
      reason: "not a number: with --decimal-comma, dots group digits in threes (1.234,5)")
  }

  /// 10⁰ through 10²², each exactly representable as a `Double`.
  private static let powersOfTen: [Double] = (0...22).map { exponent in
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }
}
