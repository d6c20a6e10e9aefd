/// One period of a report: its label and the instants it spans, `start` inclusive, `end`
/// exclusive.
public struct Period: Equatable, Sendable {
  /// `2024-01-15`, `2024-W03`, `2024-01`, `2024-Q1` or `2024`.
  public var label: String
  /// The first instant of the period.
  public var start: Timestamp
  /// The first instant after it.
  public var end: Timestamp

  /// Creates a period.
  public init(label: String, start: Timestamp, end: Timestamp) {
    self.label = label
    self.start = start
    self.end = end
  }

  /// Whether `instant` falls in the period.
  public func contains(_ instant: Timestamp) -> Bool {
    start <= instant && instant < end
  }
}

/// What a report says of one period: count, sum, min and max of its readings as stored, and
/// what its project's kind makes of them (the last reading of a gauge, the usage of a meter),
/// with the goal that held for it.
public struct PeriodSummary: Equatable, Sendable {
  /// The period.
  public var period: Period
  /// How many readings fall in it.
  public var count: Int
  /// Their sum; 0 without readings.
  public var sum: Double
  /// The smallest, if there are readings.
  public var min: Double?
  /// The largest, if there are readings.
  public var max: Double?
  /// The period's first reading in time order, if it has readings (gauges and meters).
  public var first: Double?
  /// The period's last reading in time order, if it has readings (gauges and meters).
  public var last: Double?
  /// The last reading before the period, if there is one (gauges).
  public var previous: Double?
  /// The meter's usage over the period: the dial's increase, apportioned in proportion to
  /// time between readings on either side of the period's ends (meters).
  public var usage: Double?
  /// How many days of the period lie between the meter's first and last readings: the days
  /// the usage is known for (meters).
  public var coveredDays: Double?
  /// The goal that held for the period, when it is judged over periods of this length.
  public var goal: Goal?
  /// Whether the period has not ended yet (or lies ahead): its goal is not judged yet.
  public var isRunning: Bool
  /// The headline of the period it is compared with (`--compare`): the one before, or a
  /// year before; `nil` when that one has no figures.
  public var compared: Double?
  /// The mean headline of this period and the ones before it (`--rolling N`).
  public var rollingMean: Double?
  /// The running period's headline projected to its end at the pace so far (`--forecast`).
  public var forecast: Double?
  /// The running period's headline from the readings up to now, without those dated later
  /// (`--forecast`).
  public var headlineSoFar: Double?
  /// What each remaining day of the running period needs to add (to the sum or usage), or
  /// move the level, for the headline to end on the goal (`--forecast` with a goal); 0 for a
  /// sum or usage whose goal is decided already (met, or missed).
  public var neededPerDay: Double?
  /// How much of the running period's time had passed when it was forecast, from 0 to 1: a
  /// total's forecast is made only from ``ReportOutlook/leastShareForForecast`` on.
  public var shareElapsed: Double?

  /// Creates a summary.
  public init(
    period: Period, count: Int, sum: Double, min: Double?, max: Double?, first: Double? = nil,
    last: Double? = nil, previous: Double? = nil, usage: Double? = nil,
    coveredDays: Double? = nil, goal: Goal? = nil, isRunning: Bool = false
  ) {
    self.period = period
    self.count = count
    self.sum = sum
    self.min = min
    self.max = max
    self.first = first
    self.last = last
    self.previous = previous
    self.usage = usage
    self.coveredDays = coveredDays
    self.goal = goal
    self.isRunning = isRunning
  }

  /// The mean, if there are readings.
  public var mean: Double? { count > 0 ? sum / Double(count) : nil }

  /// The headline's change from the compared period's, in percent of the compared one's size;
  /// `nil` without both, or when the compared one is 0.
  public func changePercent(_ kind: ProjectKind) -> Double? {
    guard let compared, compared != 0, let headline = plottedHeadline(kind) else { return nil }
    return (headline - compared) / abs(compared) * 100
  }

  /// The last reading less the one before the period (gauges).
  public var change: Double? {
    guard let last, let previous else { return nil }
    return AmountFormat.difference(last - previous, scale: Swift.max(abs(last), abs(previous)))
  }

  /// The usage per day over the days it is known for (meters).
  public var rate: Double? {
    guard let usage, let coveredDays, coveredDays > 0 else { return nil }
    return usage / coveredDays
  }

  /// The figure that stands for the period in `kind`: the sum of a total, the last reading of
  /// a gauge, the usage of a meter.
  public func headline(_ kind: ProjectKind) -> Double? {
    switch kind {
    case .total: sum
    case .gauge: last
    case .meter: usage
    }
  }

  /// Whether the period has figures of its own.
  ///
  /// Readings, or a meter's usage between the readings on either side: a report without
  /// `--empty` lists only these periods.
  public var hasFigures: Bool { count > 0 || usage != nil }

  /// The headline as a picture draws it: `nil`, a gap, for a period without figures.
  public func plottedHeadline(_ kind: ProjectKind) -> Double? {
    hasFigures ? headline(kind) : nil
  }

  /// The headline as a percentage of the goal.
  ///
  /// A running period's progress is that of its readings up to now (``headlineSoFar``, when
  /// the report has it), as its goal is judged.
  public func progress(_ kind: ProjectKind) -> Double? {
    goal?.progress(of: judgedHeadline(kind))
  }

  /// What the goal is judged on: the headline, or for a running period the headline of its
  /// readings up to now when known (readings dated later are plans, not progress).
  public func judgedHeadline(_ kind: ProjectKind) -> Double? {
    isRunning ? headlineSoFar ?? headline(kind) : headline(kind)
  }

  /// Whether the goal was met; `nil` without a goal or while the period runs.
  ///
  /// A running period is judged once nothing that can still happen changes the answer: a
  /// total's sum or a meter's usage (up to now) that has reached an at-least goal stays met,
  /// one past an at-most goal stays missed; otherwise it is not judged yet (`nil`), as a
  /// gauge's level never is before its period ends.
  public func met(_ kind: ProjectKind) -> Bool? {
    guard let goal else { return nil }
    guard isRunning else { return goal.isMet(by: headline(kind)) }
    guard kind != .gauge, let soFar = judgedHeadline(kind) else { return nil }
    switch goal.direction {
    case .atLeast: return soFar >= goal.amount ? true : nil
    case .atMost: return soFar > goal.amount ? false : nil
    }
  }
}

/// How many periods in a row met a project's goal.
public struct Streak: Equatable, Sendable {
  /// The goal's periods.
  public var per: Frequency
  /// The periods met in a row up to the last one that ended (the running one is not judged).
  public var current: Int
  /// The most periods met in a row.
  public var longest: Int

  /// Creates a streak.
  public init(per: Frequency, current: Int, longest: Int) {
    self.per = per
    self.current = current
    self.longest = longest
  }

  /// The streak of the periods judged in order: `true` met, `false` missed.
  public init(per: Frequency, judged: [Bool]) {
    var run = 0
    var longest = 0
    for met in judged {
      run = met ? run + 1 : 0
      longest = Swift.max(longest, run)
    }
    self.init(per: per, current: run, longest: longest)
  }
}

/// One project's report: its periods in order, and the totals over them.
public struct ProjectReport: Equatable, Sendable {
  /// The project.
  public var project: Project
  /// The length of the periods.
  public var period: ReportPeriod
  /// The periods, oldest first.
  public var rows: [PeriodSummary]
  /// The streaks of its goal, when it has one.
  public var streak: Streak?
  /// Whether the project has readings before the first period shown: a screen shows only
  /// the latest periods that fit it.
  public var hasEarlierPeriods = false
  /// What was added to the periods looking back and forward.
  public var outlook = ReportOutlook()
  /// With `--by tag`, the tag the report's readings carry; `nil` otherwise.
  ///
  /// Exactly that tag: `work/client-a` is not under `work` here. Empty for the readings
  /// without tags.
  public var tag: String?

  /// Creates a report.
  public init(
    project: Project, period: ReportPeriod, rows: [PeriodSummary], streak: Streak? = nil
  ) {
    self.project = project
    self.period = period
    self.rows = rows
    self.streak = streak
  }

  /// The figures over every period: count, sum, min and max of the readings; the first, last
  /// and change of a gauge over the whole range; the usage of a meter over it.
  public var total: PeriodSummary {
    var total = PeriodSummary(
      period: Period(
        label: "total", start: rows.first?.period.start ?? Timestamp(microsecondsSince1970: 0),
        end: rows.last?.period.end ?? Timestamp(microsecondsSince1970: 0)),
      count: rows.reduce(0) { $0 + $1.count }, sum: rows.reduce(0) { $0 + $1.sum },
      min: rows.compactMap(\.min).min(), max: rows.compactMap(\.max).max())
    total.first = rows.lazy.compactMap(\.first).first
    total.last = rows.reversed().lazy.compactMap(\.last).first
    total.previous = rows.first?.previous
    if project.kind == .meter {
      total.usage = rows.reduce(0) { $0 + ($1.usage ?? 0) }
      total.coveredDays = rows.reduce(0) { $0 + ($1.coveredDays ?? 0) }
    }
    return total
  }
}
