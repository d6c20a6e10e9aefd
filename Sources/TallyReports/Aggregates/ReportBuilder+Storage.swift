public import TallyCore

extension ReportBuilder {
  /// The report of `project` over `from..<to`, summed by the storage's range aggregates.
  ///
  /// A missing bound is the project's first reading, or the instant after its last: without
  /// either, the report covers every reading, and the periods its goal judges (up to the
  /// running one).
  ///
  /// - Throws: ``TallyError`` as ``report(of:from:to:over:)`` does; what the aggregates throw.
  public func report(
    of project: Project, within from: Timestamp?, _ to: Timestamp?,
    over aggregates: any RangeAggregates
  ) throws -> ProjectReport {
    let span = (from == nil || to == nil) ? try aggregates.span() : nil
    let afterLast = span.map {
      Timestamp(microsecondsSince1970: $0.upperBound.microsecondsSince1970 + 1)
    }
    let judged =
      (from == nil || to == nil)
      ? try judgedPeriods(
        of: project, from: Timestamp(microsecondsSince1970: .min),
        to: Timestamp(microsecondsSince1970: .max), over: aggregates) : nil
    let starts = [from ?? span?.lowerBound, from ?? judged?.lowerBound].compactMap { $0 }
    let ends = [to ?? afterLast, to ?? judged?.upperBound].compactMap { $0 }
    guard let start = starts.min(), let end = ends.max() else {
      return ProjectReport(project: project, period: calendar.period, rows: [])
    }
    return try report(of: project, from: start, to: end, over: aggregates)
  }

  /// How many of the goal's periods in a row were met, from the first period a goal judges
  /// (the first reading's, for a first goal that judges every period) to the last one that
  /// has ended; `nil` without a goal now or without `now`.
  ///
  /// Each period is judged by the goal that held for it, over the goal's own periods (a goal
  /// per week is judged per week, whatever the report's period); a period whose goal was
  /// another length, or none, breaks the streak.
  public func streak(
    of project: Project, over aggregates: any RangeAggregates
  ) throws -> Streak? {
    guard let now, let goal = project.goal, let first = project.goals.firstJudged,
      let since = try first ?? aggregates.span()?.lowerBound
    else { return nil }
    let goals = PeriodCalendar(period: goal.per, zone: calendar.zone)
    let judged = ReportBuilder(calendar: goals, includesEmpty: true, now: now)
    let end = goals.period(containing: now).start
    let report = try judged.report(
      of: project,
      from: ReportBuilder.newestJudged(goals, from: goals.period(containing: since).start, to: end),
      to: end, over: aggregates)
    return Streak(per: goal.per, judged: report.rows.map { $0.met(project.kind) ?? false })
  }
}
