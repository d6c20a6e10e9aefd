import Foundation
import TallyCore
import TallyState

/// The REPL's own display commands: `view`, `pager` and `watch`, read from their words.
enum DisplayCommands {
  /// The longest `watch` interval: an hour.
  static let longestWatch = 3600.0

  /// `view [auto|table|records]`: `nil` asks for the mode.
  static func view(_ arguments: [String]) throws(TallyError) -> ReadingLayout? {
    guard let word = arguments.first else { return nil }
    guard arguments.count == 1, let layout = ReadingLayout(rawValue: word.lowercased()) else {
      throw TallyError(
        .invalidInput,
        "view takes one of \(ReadingLayout.choices); not '\(arguments.joined(separator: " "))'",
        hint: "`view records` shows one field a line per reading, `view` alone the mode.")
    }
    return layout
  }

  /// `pager [on|off]`: `nil` asks for the state.
  static func pager(_ arguments: [String]) throws(TallyError) -> Bool? {
    guard let word = arguments.first else { return nil }
    switch (arguments.count, word.lowercased()) {
    case (1, "on"): return true
    case (1, "off"): return false
    default:
      throw TallyError(
        .invalidInput, "pager takes on or off; not '\(arguments.joined(separator: " "))'")
    }
  }

  /// `watch SECONDS`: a positive number of seconds, at most ``longestWatch``.
  static func watch(_ arguments: [String]) throws(TallyError) -> Double {
    let limit = AmountFormat.plain(longestWatch)
    guard arguments.count == 1, let seconds = Double(arguments[0]), seconds.isFinite,
      seconds > 0, seconds <= longestWatch
    else {
      let given = arguments.isEmpty ? "" : "; not '\(arguments.joined(separator: " "))'"
      throw TallyError(
        .invalidInput,
        "watch takes the seconds between showings, a number above 0 and at most \(limit)"
          + given,
        hint: "`watch 2` shows this screen again every 2 seconds until Ctrl-C.")
    }
    return seconds
  }

  /// What `view` alone says.
  static func describe(_ layout: ReadingLayout) -> String {
    switch layout {
    case .auto: "view auto: reading lists are tables, records when a table does not fit"
    case .table: "view table: reading lists are tables"
    case .records: "view records: reading lists show one field a line per reading"
    }
  }

  /// What `pager` alone says.
  static func describe(pager: Bool) -> String {
    pager
      ? "pager on: output longer than the terminal goes through the pager"
      : "pager off: output is printed as it is"
  }
}

extension ReadingLayout {
  /// `auto, table or records`.
  static var choices: String {
    let names = allCases.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }
}
