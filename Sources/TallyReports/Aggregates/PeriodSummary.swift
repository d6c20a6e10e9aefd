public import TallyCore

/// What a report says of one period: count, sum, min, max and mean of its readings.
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

  /// Creates a summary.
  public init(period: Period, count: Int, sum: Double, min: Double?, max: Double?) {
    self.period = period
    self.count = count
    self.sum = sum
    self.min = min
    self.max = max
  }

  /// The mean, if there are readings.
  public var mean: Double? { count > 0 ? sum / Double(count) : nil }
}

/// The readings of a span of time, as the database sums them up.
public struct Aggregate: Equatable, Sendable {
  public var count: Int
  public var sum: Double
  public var min: Double?
  public var max: Double?

  /// Creates an aggregate.
  public init(count: Int, sum: Double, min: Double?, max: Double?) {
    self.count = count
    self.sum = sum
    self.min = min
    self.max = max
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

  /// Creates a report.
  public init(project: Project, period: ReportPeriod, rows: [PeriodSummary]) {
    self.project = project
    self.period = period
    self.rows = rows
  }

  /// Count, sum, min and max over every period.
  public var total: Aggregate {
    Aggregate(
      count: rows.reduce(0) { $0 + $1.count }, sum: rows.reduce(0) { $0 + $1.sum },
      min: rows.compactMap(\.min).min(), max: rows.compactMap(\.max).max())
  }
}
