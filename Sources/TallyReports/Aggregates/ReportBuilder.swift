public import TallyCore

/// Builds a project's report one period at a time from range aggregates, so no reading is
/// held in memory: the database sums each period's range from its (project, timestamp, amount)
/// index.
public struct ReportBuilder: Sendable {
  /// The periods' calendar.
  public let calendar: PeriodCalendar
  /// Whether periods without readings are kept.
  public let includesEmpty: Bool

  /// Creates a builder.
  public init(calendar: PeriodCalendar, includesEmpty: Bool) {
    self.calendar = calendar
    self.includesEmpty = includesEmpty
  }

  /// The report of `project` over `from..<to`.
  ///
  /// - Parameters:
  ///   - project: The project.
  ///   - from: The first instant, inclusive.
  ///   - to: The end, exclusive.
  ///   - aggregate: Sums up the readings of one range of time.
  /// - Returns: The periods that overlap the range, clipped to it, with their figures.
  public func report(
    of project: Project, from: Timestamp, to: Timestamp,
    aggregate: (Timestamp, Timestamp) throws -> Aggregate
  ) rethrows -> ProjectReport {
    var rows: [PeriodSummary] = []
    for period in calendar.periods(from: from, to: to) {
      let start = Swift.max(period.start, from)
      let end = Swift.min(period.end, to)
      let figures = try aggregate(start, end)
      guard figures.count > 0 || includesEmpty else { continue }
      rows.append(
        PeriodSummary(
          period: period, count: figures.count, sum: figures.sum, min: figures.min,
          max: figures.max))
    }
    return ProjectReport(project: project, period: calendar.period, rows: rows)
  }
}
