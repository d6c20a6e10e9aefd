public import TallyCore

extension ReportBuilder {
  /// The report of `project` over `from..<to`, summed by the storage's range aggregates.
  ///
  /// A missing bound is the project's first reading, or the instant after its last: without
  /// either, the report covers every reading.
  ///
  /// - Throws: ``TallyError`` as ``report(of:from:to:aggregate:nextReading:)`` does; what the
  ///   aggregates throw.
  public func report(
    of project: Project, from: Timestamp?, to: Timestamp?, over aggregates: any RangeAggregates
  ) throws -> ProjectReport {
    let span = (from == nil || to == nil) ? try aggregates.span() : nil
    guard
      let start = from ?? span?.lowerBound,
      let end = to
        ?? span.map({ Timestamp(microsecondsSince1970: $0.upperBound.microsecondsSince1970 + 1) })
    else {
      return ProjectReport(project: project, period: calendar.period, rows: [])
    }
    return try report(
      of: project, from: start, to: end, aggregate: aggregates.aggregate(from:to:),
      nextReading: aggregates.firstReading(atOrAfter:))
  }
}
