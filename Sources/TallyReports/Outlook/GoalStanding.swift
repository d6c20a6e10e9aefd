public import TallyCore

/// Where a project's goal stands in its running period: the headline so far, its forecast at
/// the pace so far, what each day left needs, and what that makes of the goal.
public struct GoalStanding: Equatable, Sendable {
  /// What the goal's running period looks like now.
  public enum State: String, CaseIterable, Sendable {
    /// The forecast meets the goal.
    case onTrack = "on track"
    /// The forecast misses the goal.
    case atRisk = "at risk"
    /// Missed already: an at-most goal's sum or usage is over it.
    case missed
    /// Met already: an at-least goal's sum or usage has reached it.
    case met
    /// Too early to tell: less than ``ReportOutlook/leastShareForForecast`` of a total's
    /// period has passed, and its goal is not met yet.
    case early = "too early"
  }

  /// The project.
  public var project: Project
  /// The goal.
  public var goal: Goal
  /// The goal's running period, with its figures and forecast.
  public var period: PeriodSummary
  /// What it makes of the goal.
  public var state: State

  /// The standing of `report`'s running period, which ``ReportBuilder/add(_:to:addingRunningPeriod:over:)``
  /// gave a forecast; `nil` when it has no running period judged by a goal.
  public init?(_ report: ProjectReport) {
    guard let row = report.rows.last(where: { $0.isRunning && $0.goal != nil }),
      let goal = row.goal
    else { return nil }
    let kind = report.project.kind
    project = report.project
    self.goal = goal
    period = row
    if let decided = row.met(kind) {
      // A sum or usage that has passed the goal's amount stays past it.
      state = decided ? .met : .missed
    } else if kind == .total, row.forecast == nil {
      state = .early
    } else {
      state = goal.isMet(by: row.forecast) ? .onTrack : .atRisk
    }
  }

  /// The line a table and a project's screen show.
  ///
  /// Such as `Forecast for 2024-W07: 33.6 km at this pace, on track for at least 20 km per
  /// week; 1.78 km a day from now reaches it.`
  public var line: String {
    func amount(_ value: Double) -> String {
      ReportNumber.withUnits(value, of: project)
    }
    var text = "Forecast for \(period.period.label): "
    if state == .met || state == .missed,
      let soFar = period.judgedHeadline(project.kind)
    {
      // Decided: what is left of the period changes nothing.
      return text + "\(state.rawValue) already, with \(amount(soFar)) so far, for "
        + "\(goal.description(for: project))."
    }
    // Rounded down: 24.9% is not yet the quarter a forecast waits for.
    let elapsed = period.shareElapsed.map { "\(Int(($0 * 100).rounded(.down)))%" }
    if let forecast = period.forecast {
      switch project.kind {
      case .total:
        text += "\(amount(forecast)) at this pace"
        if let soFar = period.headlineSoFar, let elapsed {
          text += " (\(amount(soFar)) in the first \(elapsed) of it)"
        }
      case .meter: text += "\(amount(forecast)) at this pace (the usage per day of its readings)"
      case .gauge:
        text +=
          "\(amount(forecast)) by the trend (of the levels of the last "
          + "\(ReportOutlook.trendPeriods) periods)"
      }
    } else if project.kind == .total {
      text += "none before a quarter of it has passed (\(elapsed ?? "0%") so far)"
    } else {
      text += "no forecast without readings"
    }
    text += ", \(state.rawValue) for \(goal.description(for: project))"
    if let needed = period.neededPerDay {
      switch (project.kind, goal.direction, state) {
      case (.gauge, .atLeast, _):
        text += "; a change of \(amount(needed)) a day from now reaches it"
      case (.gauge, .atMost, _):
        text += "; a change of \(amount(needed)) a day from now keeps within it"
      case (_, .atLeast, .met): text += "; reached already"
      case (_, .atLeast, _): text += "; \(amount(needed)) a day from now reaches it"
      case (_, .atMost, .missed): text += "; over it already"
      case (_, .atMost, _): text += "; \(amount(needed)) a day from now stays within it"
      }
    }
    return text + "."
  }
}
