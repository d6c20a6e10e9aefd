/// A target for each period of a project: at least or at most an amount of its headline (the
/// sum of a total, the last reading of a gauge, the usage of a meter) per day, week, month,
/// quarter or year.
public struct Goal: Codable, Hashable, Sendable {
  /// The target amount.
  public var amount: Double
  /// The periods it is judged over, each on its own.
  public var per: Frequency
  /// Whether the headline should reach the amount or stay within it.
  public var direction: GoalDirection

  /// Creates a goal.
  public init(amount: Double, per: Frequency, direction: GoalDirection) {
    self.amount = amount
    self.per = per
    self.direction = direction
  }

  /// Whether `headline` meets the goal; a period without a headline does not.
  public func isMet(by headline: Double?) -> Bool {
    guard let headline else { return false }
    switch direction {
    case .atLeast: return headline >= amount
    case .atMost: return headline <= amount
    }
  }

  /// The headline as a percentage of the amount, if both are there and the amount is not 0.
  public func progress(of headline: Double?) -> Double? {
    guard let headline, amount != 0 else { return nil }
    return headline / amount * 100
  }

  /// `at least 150 per week`, with `units` after the amount when given.
  public func description(units: String) -> String {
    let amount = AmountFormat.plain(self.amount) + (units.isEmpty ? "" : " \(units)")
    return "\(direction.words) \(amount) per \(per.unitName)"
  }
}

/// Which side of a goal's amount meets it.
public enum GoalDirection: String, CaseIterable, Codable, Sendable {
  /// The headline should reach the amount: kilometres run, hours practised.
  case atLeast = "at-least"
  /// The headline should stay within the amount: money spent, a weight to stay under.
  case atMost = "at-most"

  /// `at least` or `at most`.
  public var words: String {
    switch self {
    case .atLeast: "at least"
    case .atMost: "at most"
    }
  }
}

/// A goal as set at a time.
///
/// The goal is in force from `since` until the next setting; `nil` removes the goal.
public struct GoalSetting: Codable, Hashable, Sendable {
  /// When it was set.
  public var since: Timestamp
  /// The goal, or `nil` when it was removed.
  public var goal: Goal?

  /// Creates a setting.
  public init(since: Timestamp, goal: Goal?) {
    self.since = since
    self.goal = goal
  }
}

extension [GoalSetting] {
  /// The goal that held for a period ending at `end`: the latest set before the period ended.
  public func goal(forPeriodEndingAt end: Timestamp) -> Goal? {
    last { $0.since < end }?.goal
  }
}
