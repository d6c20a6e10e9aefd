import ArgumentParser
import Foundation
import TallyApp
import TallyCore

/// `--decimals`, `--goal`, `--goal-per`, `--goal-is`, `--goal-since` and `--group`, as
/// `project add` and `project edit` take them.
struct ProjectOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Decimal places people are shown (0 to 9), or none for the default; programs get every digit.",
      valueName: "n"))
  var decimals: String?
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "A goal for each period, compared with the sum (total), last reading (gauge) or usage (meter); none removes it.",
      valueName: "amount"))
  var goal: String?
  @Option(
    help: ArgumentHelp(
      "The goal's period: daily, weekly, monthly, quarterly or yearly (default: the project's frequency).",
      valueName: "period"))
  var goalPer: String?
  @Option(
    help: ArgumentHelp("at-least (the default) or at-most.", valueName: "side"))
  var goalIs: String?
  @Option(
    help: ArgumentHelp(
      "The date or time the goal judges from (default: every period for a project's first goal, else the period it is set in).",
      valueName: "date"))
  var goalSince: String?
  @Option(
    help: ArgumentHelp(
      "The group the project belongs to, such as Household (compared ignoring case); none takes it out of its group.",
      valueName: "name"))
  var group: String?

  /// The options, as ``CommandCatalog`` lists them.
  static let syntax: [CommandCatalog.Option] = [
    .value("--decimals", valueName: "n"), .value("--goal", valueName: "amount"),
    .value("--goal-per", valueName: "period"), .value("--goal-is", valueName: "side"),
    .value("--goal-since", valueName: "date"), .value("--group", valueName: "name"),
  ]

  /// Whether any of them is given.
  var isGiven: Bool {
    decimals != nil || goal != nil || goalPer != nil || goalIs != nil || goalSince != nil
      || group != nil
  }

  /// `--group` as an edit: `none` (any case) takes the project out of its group; `nil` when
  /// not given.
  var groupEdit: FieldEdit<String>? {
    guard let group else { return nil }
    return group.trimmingCharacters(in: .whitespaces).lowercased() == "none" ? .remove : .set(group)
  }

  /// `--decimals` as an edit; `nil` when not given.
  func decimalsEdit() throws(TallyError) -> FieldEdit<Int>? {
    guard let decimals else { return nil }
    if decimals.lowercased() == "none" { return .remove }
    guard let places = Int(decimals) else {
      throw TallyError(.invalidInput, "--decimals '\(decimals)' is not a whole number or none")
    }
    return .set(places)
  }

  /// The goal options as given; `nil` when none is.
  func goalRequest() throws(TallyError) -> GoalRequest? {
    guard goal != nil || goalPer != nil || goalIs != nil || goalSince != nil else { return nil }
    var request = GoalRequest(since: goalSince)
    if let goal {
      if goal.lowercased() == "none" {
        request.removes = true
      } else {
        request.amount = try parseAmount(goal, option: "--goal")
      }
    }
    if let goalPer {
      guard let per = Frequency(rawValue: goalPer.lowercased()) else {
        throw TallyError(
          .invalidInput,
          "--goal-per '\(goalPer)' is not a period: choose \(Frequency.choices)")
      }
      request.per = per
    }
    if let goalIs {
      guard let direction = GoalDirection(rawValue: goalIs.lowercased()) else {
        throw TallyError(
          .invalidInput, "--goal-is '\(goalIs)' is neither at-least nor at-most")
      }
      request.direction = direction
    }
    return request
  }
}
