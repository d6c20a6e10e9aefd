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

  /// The headline as a percentage of the amount, if both are there and the amount is above
  /// 0: how far an at-least goal is reached, how much of an at-most goal's allowance is used.
  ///
  /// A goal of 0 or below (a balance to keep above -500) has no progress: a share of it means
  /// nothing, and it is judged by ``isMet(by:)`` alone. A negative headline under a goal above
  /// 0 has a negative progress (a refund under a spending limit).
  public func progress(of headline: Double?) -> Double? {
    guard let headline, amount > 0 else { return nil }
    return headline / amount * 100
  }

  /// `at least 150 per week` for people reading `project`: its amount as the project shows
  /// amounts (`at least 7:30 h per week` for a project in units of time).
  public func description(for project: Project) -> String {
    "\(direction.words) \(project.shownWithUnits(amount)) per \(per.unitName)"
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
/// The goal is in force from the period it was set in until the next setting; `nil` removes
/// the goal. A project's first goal judges its whole history (a back-filled history shows its
/// met and missed periods), unless it was given a start of its own (`--goal-since`); a later
/// setting with a start of its own holds from then on, over the settings made before it.
public struct GoalSetting: Codable, Hashable, Sendable {
  /// When it was set.
  public var since: Timestamp
  /// The goal, or `nil` when it was removed.
  public var goal: Goal?
  /// The instant it judges from, when given (`--goal-since`); otherwise the period it was set
  /// in, or all the history for a project's first goal.
  public var from: Timestamp?

  /// Creates a setting.
  public init(since: Timestamp, goal: Goal?, from: Timestamp? = nil) {
    self.since = since
    self.goal = goal
    self.from = from
  }
}

extension [GoalSetting] {
  /// The instant each setting judges from, in order; `nil` for the project's first goal
  /// without a start of its own: it judges every period before it too.
  public var judgingStarts: [Timestamp?] {
    var seenGoal = false
    return map { setting in
      defer { seenGoal = seenGoal || setting.goal != nil }
      if let from = setting.from { return from }
      return seenGoal || setting.goal == nil ? setting.since : nil
    }
  }

  /// The goal that held for a period ending at `end`: of the settings that judge from before
  /// the period ended, the one made last.
  public func goal(forPeriodEndingAt end: Timestamp) -> Goal? {
    let starts = judgingStarts
    return indices.last { starts[$0].map { $0 < end } ?? true }.flatMap { self[$0].goal }
  }

  /// The first instant a goal judges, when it is one a setting names: `.some(nil)` when the
  /// first goal judges every period (from the first reading on); `nil` without a goal.
  public var firstJudged: Timestamp?? {
    let starts = judgingStarts
    let judging = indices.filter { self[$0].goal != nil }.map { starts[$0] }
    guard !judging.isEmpty else { return nil }
    if judging.contains(where: { $0 == nil }) { return .some(nil) }
    return .some(judging.compactMap { $0 }.min())
  }
}
