/// How a project stands now.
///
/// Whether a reading is due, how its goal's current period is going, and its recent
/// periods' headlines. All depend on the time, so the application works them out and the
/// screens show them from the state.
public struct ProjectStanding: Equatable, Sendable {
  /// How many periods went by without a reading, when one is due.
  ///
  /// When the current period of the project's frequency has no reading: the whole periods
  /// before it without one since the last reading (or since the project was created). `nil`
  /// when a reading is not due.
  public var periodsMissed: Int?
  /// The goal's current period so far, when the project has a goal.
  public var goalPeriod: PeriodSummary?
  /// What its sparkline draws.
  ///
  /// The headline of each of its recent report periods up to the current one, oldest first,
  /// from the period of its first reading at the earliest; `nil` for a period without one.
  public var trend: [Double?]

  /// Creates a standing.
  public init(
    periodsMissed: Int? = nil, goalPeriod: PeriodSummary? = nil, trend: [Double?] = []
  ) {
    self.periodsMissed = periodsMissed
    self.goalPeriod = goalPeriod
    self.trend = trend
  }
}
