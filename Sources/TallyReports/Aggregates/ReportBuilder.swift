public import TallyCore

/// Builds a project's report one period at a time from range aggregates, so no reading is
/// held in memory: the database sums each period's range from its (project, timestamp, amount)
/// index.
///
/// Empty periods cost nothing unless they are shown: after an empty one the builder asks where
/// the next reading is and goes straight to its period, so a report over centuries with a few
/// readings takes as long as one over those readings. Shown, empty periods are bounded by
/// ``maximumEmptyPeriods``.
public struct ReportBuilder: Sendable {
  /// The periods' calendar.
  public let calendar: PeriodCalendar
  /// Whether periods without readings are kept.
  public let includesEmpty: Bool
  /// The most periods a report with empty periods may list: more than any person means to
  /// read (274 years of days), few enough to hold.
  public static let maximumEmptyPeriods = 100_000

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
  ///   - nextReading: The time of the first reading at or after an instant, if any; lets the
  ///     builder pass over empty periods without summing each. `nil` sums every period.
  /// - Returns: The periods that overlap the range, clipped to it, with their figures.
  /// - Throws: ``TallyError`` when empty periods are kept and the range holds more than
  ///   ``maximumEmptyPeriods``; what the closures throw.
  public func report(
    of project: Project, from: Timestamp, to: Timestamp,
    aggregate: (Timestamp, Timestamp) throws -> RangeFigures,
    nextReading: ((Timestamp) throws -> Timestamp?)? = nil
  ) throws -> ProjectReport {
    if includesEmpty {
      try checkSpan(from: from, to: to)
    }
    var rows: [PeriodSummary] = []
    guard from < to else {
      return ProjectReport(project: project, period: calendar.period, rows: [])
    }
    var period = calendar.period(containing: from)
    while period.start < to {
      let start = Swift.max(period.start, from)
      let end = Swift.min(period.end, to)
      let figures = try aggregate(start, end)
      if figures.count > 0 || includesEmpty {
        rows.append(
          PeriodSummary(
            period: period, count: figures.count, sum: figures.sum, min: figures.min,
            max: figures.max))
      }
      if figures.count == 0, !includesEmpty, let nextReading {
        guard let next = try nextReading(end), next < to else { break }
        period = calendar.period(containing: next)
      } else {
        period = calendar.period(after: period)
      }
    }
    return ProjectReport(project: project, period: calendar.period, rows: rows)
  }

  /// Refuses a range of more periods than anyone means to list.
  private func checkSpan(from: Timestamp, to: Timestamp) throws(TallyError) {
    let estimate = calendar.estimatedCount(from: from, to: to)
    guard estimate > Self.maximumEmptyPeriods else { return }
    let zone = calendar.zone
    throw TallyError(
      .invalidInput,
      "--empty would list about \(estimate) \(calendar.period.rawValue) periods from "
        + "\(TimestampFormat.local(from, in: zone)) to \(TimestampFormat.local(to, in: zone)); "
        + "at most \(Self.maximumEmptyPeriods) are listed",
      hint: "Narrow the range with --from and --to, or choose a longer --period.")
  }
}
