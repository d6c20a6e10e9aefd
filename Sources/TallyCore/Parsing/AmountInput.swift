/// An amount as a person typed it: a plain number, or a length of time (`1:20`, `1h20m`) that
/// becomes a number once the project's units are known.
public enum AmountInput: Equatable, Sendable {
  /// A number, in the project's units whatever they are.
  case number(Double)
  /// A duration: its whole seconds, and the text as typed for messages.
  case duration(seconds: Int64, text: String)

  /// Reads `text`: a number as ``AmountParser`` reads it, else a duration as
  /// ``DurationParser`` reads it.
  ///
  /// - Throws: ``ParseError``: the number's when `text` looks like no duration, else the
  ///   duration's (`'1:75': not a duration: minutes … are 00 to 59`).
  public static func parse(_ text: String) throws(ParseError) -> AmountInput {
    do {
      return .number(try AmountParser.parse(text))
    } catch {
      guard DurationParser.looksLikeDuration(text) else { throw error }
      return .duration(seconds: try DurationParser.seconds(text), text: text)
    }
  }

  /// The amount in `units`: the number as it is, a duration converted exactly into the unit
  /// of time `units` name (`1:20` is 1.3333333333333333 h, 80 min or 4800 s).
  ///
  /// - Throws: ``ParseError`` for a duration when `units` are not a unit of time, or one
  ///   beyond ``AmountRange``.
  public func amount(inUnits units: String) throws(ParseError) -> Double {
    switch self {
    case .number(let number):
      return number
    case .duration(let seconds, let text):
      guard let unit = TimeUnit(naming: units) else {
        throw ParseError(
          value: text,
          reason: "a duration, but the project's units"
            + (units.isEmpty ? " are none" : " (\(VisibleText.escaped(units))) are not")
            + " a unit of time (h, min or s); give a number")
      }
      // The same division a timer's reading makes of its seconds.
      let amount = Double(seconds) / unit.seconds
      guard AmountRange.contains(amount) else {
        throw ParseError(value: text, reason: AmountRange.reason)
      }
      return amount
    }
  }
}

extension AmountInput: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  /// A number written in code.
  public init(floatLiteral value: Double) {
    self = .number(value)
  }

  /// A whole number written in code.
  public init(integerLiteral value: Int) {
    self = .number(Double(value))
  }
}
