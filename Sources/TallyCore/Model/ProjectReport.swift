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
}

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
  public var total: RangeFigures {
    RangeFigures(
      count: rows.reduce(0) { $0 + $1.count }, sum: rows.reduce(0) { $0 + $1.sum },
      min: rows.compactMap(\.min).min(), max: rows.compactMap(\.max).max())
  }
}
