import Foundation

/// Reads a length of time as people write it: on a clock (`1:20`, `1:20:30`) or in parts
/// (`1h20m`, `1h`, `20m`, `45s`, `1h20m30s`).
///
/// A clock is hours, then minutes and optionally seconds of two digits each, below 60; parts
/// are whole numbers of hours, minutes and seconds in that order, each at most once, and a
/// part after another is below 60 (`90m` is fine, `1h90m` is not). A leading `-` or `+` gives
/// the sign. Fractions are not read: a decimal amount is a plain number in the project's units.
public enum DurationParser {
  /// Whether `text` is written as a duration at all (a clock's `:` or a unit letter after a
  /// digit), so that a failure to read it says what a duration looks like.
  public static func looksLikeDuration(_ text: String) -> Bool {
    let text = text.lowercased()
    if text.contains(":") { return true }
    return zip(text, text.dropFirst()).contains { $0.isNumber && "hms".contains($1) }
  }

  /// The whole seconds `text` stands for.
  ///
  /// - Throws: ``ParseError`` naming the value and what is wrong: minutes or seconds of 60 or
  ///   more (`1:75`), a letter that is no unit (`1h20x`), parts out of order, a fraction.
  public static func seconds(_ text: String) throws(ParseError) -> Int64 {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    var body = Substring(trimmed)
    var negative = false
    if let first = body.first, first == "-" || first == "+" {
      negative = first == "-"
      body = body.dropFirst()
    }
    let seconds =
      try body.contains(":") ? clock(body, text: text) : parts(body.lowercased(), text: text)
    return negative ? -seconds : seconds
  }

  /// Where each part goes: hours first.
  private static let places: [Character: Int] = ["h": 0, "m": 1, "s": 2]

  /// What a duration may look like, for messages.
  public static let examples = "1:20, 1:20:30, 1h20m, 1h, 20m, 45s or 1h20m30s"

  /// `h:mm` or `h:mm:ss`.
  private static func clock(_ body: Substring, text: String) throws(ParseError) -> Int64 {
    let fields = body.split(separator: ":", omittingEmptySubsequences: false)
    guard fields.count == 2 || fields.count == 3,
      let hours = whole(fields[0]),
      fields.dropFirst().allSatisfy({ $0.count == 2 && whole($0) != nil })
    else {
      throw ParseError(
        value: text,
        reason: "not a duration: write hours:minutes with two digits for the minutes "
          + "(1:05), or hours:minutes:seconds (1:05:30)")
    }
    let rest = fields.dropFirst().compactMap { whole($0) }
    guard rest.allSatisfy({ $0 < 60 }) else {
      throw ParseError(
        value: text,
        reason: "not a duration: minutes and seconds on a clock are 00 to 59 "
          + "(1:20 is an hour and 20 minutes)")
    }
    return try total(hours: hours, minutes: rest[0], seconds: rest.count > 1 ? rest[1] : 0, text)
  }

  /// `1h20m30s` and its shorter forms.
  private static func parts(_ body: String, text: String) throws(ParseError) -> Int64 {
    var values: [Character: Int64] = [:]
    var order = 0
    var digits = ""
    for character in body {
      if character.isASCII, character.isNumber {
        digits.append(character)
        continue
      }
      guard let place = places[character] else {
        throw ParseError(
          value: text,
          reason: character == "." || character == ","
            ? "not a duration: write whole hours, minutes and seconds (1h30m), or a plain "
              + "number in the project's units"
            : "not a number or a duration (\(examples))")
      }
      guard let value = whole(Substring(digits)) else {
        throw ParseError(
          value: text, reason: "not a duration: a number goes before each of h, m and s")
      }
      guard place >= order else {
        throw ParseError(
          value: text, reason: "not a duration: give hours, then minutes, then seconds, each once")
      }
      if !values.isEmpty, value >= 60 {
        throw ParseError(
          value: text,
          reason: "not a duration: minutes and seconds after a larger part are 0 to 59 (1h20m)")
      }
      values[character] = value
      order = place + 1
      digits = ""
    }
    guard digits.isEmpty, !values.isEmpty else {
      throw ParseError(value: text, reason: "not a number or a duration (\(examples))")
    }
    return try total(
      hours: values["h"] ?? 0, minutes: values["m"] ?? 0, seconds: values["s"] ?? 0, text)
  }

  /// Digits as a whole number, `nil` for anything else or more than 12 digits.
  private static func whole(_ digits: Substring) -> Int64? {
    guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    return Int64(digits)
  }

  private static func total(hours: Int64, minutes: Int64, seconds: Int64, _ text: String)
    throws(ParseError) -> Int64
  {
    let (inMinutes, over1) = hours.multipliedReportingOverflow(by: 60)
    let (inSeconds, over2) = (inMinutes + minutes).multipliedReportingOverflow(by: 60)
    guard !over1, !over2 else {
      throw ParseError(value: text, reason: AmountRange.reason)
    }
    return inSeconds + seconds
  }
}
