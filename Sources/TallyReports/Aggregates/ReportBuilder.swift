public import TallyCore

/// Builds a project's report one period at a time from range aggregates, so no reading is
/// held in memory: the database sums each period's range from its (project, timestamp, amount)
/// index, and finds a gauge's first and last readings and a meter's dial at the period's ends
/// a few steps down the same index.
///
/// Empty periods cost nothing unless they are shown: after an empty one the builder asks where
/// the next reading is and goes straight to its period, so a report over centuries with a few
/// readings takes as long as one over those readings. Shown, empty periods are bounded by
/// ``maximumEmptyPeriods``. A meter's periods between its first and last readings are never
/// empty: the dial moved through them.
public struct ReportBuilder: Sendable {
  /// The periods' calendar.
  public let calendar: PeriodCalendar
  /// Whether periods without readings are kept.
  public let includesEmpty: Bool
  /// Now, which decides the periods that are still running.
  ///
  /// A period that has not ended by then is running, and its goal is not judged yet; `nil`
  /// judges every period.
  public let now: Timestamp?
  /// The most periods a report with empty periods may list: more than any person means to
  /// read (274 years of days), few enough to hold.
  public static let maximumEmptyPeriods = 100_000

  /// Creates a builder.
  public init(calendar: PeriodCalendar, includesEmpty: Bool, now: Timestamp? = nil) {
    self.calendar = calendar
    self.includesEmpty = includesEmpty
    self.now = now
  }

  /// The report of a total `project` over `from..<to`, from closures that sum up ranges.
  ///
  /// - Parameters:
  ///   - project: The project, whose kind must be total (the closures give no readings).
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
    aggregate: @escaping (Timestamp, Timestamp) throws -> RangeFigures,
    nextReading: ((Timestamp) throws -> Timestamp?)? = nil
  ) throws -> ProjectReport {
    try report(
      of: project, from: from, to: to,
      over: SummingAggregates(aggregate: aggregate, nextReading: nextReading))
  }

  /// The report of `project` over `from..<to`.
  ///
  /// - Returns: The periods that overlap the range, clipped to it, with their figures.
  /// - Throws: ``TallyError`` when empty periods are kept (or a meter's span is walked) and
  ///   the range holds more than ``maximumEmptyPeriods``; what the aggregates throw.
  public func report(
    of project: Project, from: Timestamp, to: Timestamp, over aggregates: any RangeAggregates
  ) throws -> ProjectReport {
    guard from < to else {
      return ProjectReport(project: project, period: calendar.period, rows: [])
    }
    // A meter's periods within its readings' span have usage, with or without readings.
    let span = project.kind == .meter ? try aggregates.span() : nil
    let dial = try span.map { try MeterDial(aggregates, span: $0) }
    if includesEmpty {
      try checkSpan(
        from: from, to: to, listing: "every period, as --empty or a chart shows them, would be")
    } else if let span {
      try checkSpan(
        from: Swift.max(from, span.lowerBound), to: Swift.min(to, span.upperBound),
        listing: "the meter's usage would fill")
    }
    let judged = try judgedPeriods(of: project, from: from, to: to, over: aggregates)
    var rows: [PeriodSummary] = []
    var period = calendar.period(containing: from)
    var usageAtStart: Double?
    let asked = try figuresAskedAtOnce(
      from: from, to: to, span: project.kind == .meter ? .some(span) : nil, judged: judged,
      over: aggregates)
    while period.start < to {
      let start = Swift.max(period.start, from)
      let end = Swift.min(period.end, to)
      let figures = try asked?.figures(start, end) ?? aggregates.aggregate(from: start, to: end)
      let covered = span.map { Self.overlap(start..<end, $0) } ?? 0
      let inSpan = span.map { start <= $0.upperBound && $0.lowerBound < end } ?? false
      let goal = project.goals.goal(forPeriodEndingAt: period.end).flatMap {
        $0.per == calendar.period ? $0 : nil
      }
      // A period a goal judges is shown, with readings or not: its streak counts it.
      let isJudged = goal != nil && judged?.contains(period.start) == true
      if figures.count > 0 || includesEmpty || inSpan || isJudged {
        var row = PeriodSummary(
          period: period, count: figures.count, sum: figures.sum, min: figures.min,
          max: figures.max, goal: goal, isRunning: now.map { period.end > $0 } ?? false)
        if project.kind != .total, figures.count > 0 {
          row.first = try aggregates.reading(.after, of: .start(of: start))?.amount
          row.last = try aggregates.reading(.before, of: .start(of: end))?.amount
        }
        if project.kind == .gauge {
          row.previous = try aggregates.reading(.before, of: .start(of: start))?.amount
        }
        if let dial {
          let startUsage = try usageAtStart ?? dial.usage(at: start)
          let endUsage = try dial.usage(at: end)
          // Outside the readings' span the usage is not known: not 0.
          if inSpan {
            row.usage = AmountFormat.difference(
              endUsage - startUsage, scale: Swift.max(abs(endUsage), abs(startUsage)))
            row.coveredDays = covered / 86_400
          }
          usageAtStart = endUsage
        }
        if goal != nil, row.isRunning, let now {
          row.headlineSoFar = try headlineSoFar(
            of: project.kind, from: start, to: end, now: now, dial: dial, over: aggregates)
        }
        rows.append(row)
      } else {
        usageAtStart = nil
      }
      if let judged, judged.contains(end) || judged.contains(period.start) {
        // Within the judged periods every one is looked at.
        period = calendar.period(after: period)
      } else if figures.count == 0, !includesEmpty, !inSpan {
        if let judged, end <= judged.lowerBound,
          try aggregates.firstReading(atOrAfter: end).map({ $0 >= judged.lowerBound }) ?? true
        {
          // No reading before the judged periods start: go straight to them.
          period = calendar.period(containing: judged.lowerBound)
          usageAtStart = nil
          continue
        }
        if let asked, asked.isWhole {
          // Every period from the first reading to the last was summed: the empty ones are
          // passed by, and those before the first reading at once.
          guard let readings = asked.readings, end <= readings.upperBound else { break }
          let next = calendar.period(after: period)
          period =
            next.end <= readings.lowerBound
            ? calendar.period(containing: readings.lowerBound) : next
          usageAtStart = nil
          continue
        }
        guard let next = try aggregates.firstReading(atOrAfter: end), next < to else { break }
        period = calendar.period(containing: next)
        usageAtStart = nil
      } else {
        period = calendar.period(after: period)
      }
    }
    return ProjectReport(project: project, period: calendar.period, rows: rows)
  }

  /// The starts of the periods a goal of the report's length judges within `from..<to`: from
  /// the period its first goal judges from (the first reading's, for a goal that judges every
  /// period), or the newest ``maximumEmptyPeriods`` of them, to the running one; `nil` when
  /// none does, or without `now`.
  func judgedPeriods(
    of project: Project, from: Timestamp, to: Timestamp, over aggregates: any RangeAggregates
  ) throws -> Range<Timestamp>? {
    guard let now, project.goals.contains(where: { $0.goal?.per == calendar.period }),
      let first = project.goals.firstJudged
    else { return nil }
    guard let start = try first ?? aggregates.span()?.lowerBound else { return nil }
    let upper = Swift.min(calendar.period(containing: now).end, to)
    let lower = Swift.max(
      Self.newestJudged(calendar, from: calendar.period(containing: start).start, to: upper), from)
    guard lower < upper else { return nil }
    return lower..<upper
  }

  /// The figures of every period from the first reading to the last within `from..<to`.
  ///
  /// They are asked for at once when the aggregates answer many ranges for the cost of one (a
  /// server); `nil` when they do not. When the readings span more periods than that (a reading
  /// in the year 1 and one today), the periods a goal judges, which are all looked at, are
  /// asked for alone (at most ``maximumEmptyPeriods``), and the periods before them that hold
  /// readings one by one; without a goal's, none. `knownSpan` is the readings' span when it was
  /// asked for already.
  private func figuresAskedAtOnce(
    from: Timestamp, to: Timestamp, span knownSpan: ClosedRange<Timestamp>??,
    judged: Range<Timestamp>?, over aggregates: any RangeAggregates
  ) throws -> AskedFigures? {
    guard aggregates.answersManyRangesAtOnce else { return nil }
    guard let span = try knownSpan ?? aggregates.span() else {
      return AskedFigures(figures: [:], readings: nil)
    }
    let lower = Swift.max(from, span.lowerBound)
    guard lower < to, lower <= span.upperBound else {
      return AskedFigures(figures: [:], readings: span)
    }
    let isWhole =
      calendar.estimatedCount(from: lower, to: Swift.min(to, span.upperBound))
      <= Self.maximumEmptyPeriods
    let (first, end): (Timestamp, Timestamp)
    if isWhole {
      (first, end) = (lower, to)
    } else if let judged, Swift.max(lower, judged.lowerBound) < Swift.min(to, judged.upperBound) {
      (first, end) = (Swift.max(lower, judged.lowerBound), Swift.min(to, judged.upperBound))
    } else {
      return nil
    }
    var ranges: [Range<Timestamp>] = []
    var period = calendar.period(containing: first)
    while period.start < end, period.start <= span.upperBound {
      ranges.append(Swift.max(period.start, from)..<Swift.min(period.end, to))
      period = calendar.period(after: period)
    }
    var figures: [Timestamp: RangeFigures] = [:]
    for (range, summed) in zip(ranges, try aggregates.aggregates(ranges)) {
      figures[range.lowerBound] = summed
    }
    return AskedFigures(figures: figures, readings: span, isWhole: isWhole)
  }

  /// The seconds of `range` that lie within `span`.
  private static func overlap(_ range: Range<Timestamp>, _ span: ClosedRange<Timestamp>)
    -> Double
  {
    let start = Swift.max(range.lowerBound, span.lowerBound)
    let end = Swift.min(range.upperBound, span.upperBound)
    return start < end ? start.seconds(until: end) : 0
  }

  /// Where the periods a goal judges start: the newest ``maximumEmptyPeriods`` up to `end`.
  ///
  /// From `start` on. A goal that judges more (a `since` centuries back, written through
  /// SQL, or one that has aged past the bound) is judged over those, rather than leaving its
  /// project without a report.
  static func newestJudged(_ calendar: PeriodCalendar, from start: Timestamp, to end: Timestamp)
    -> Timestamp
  {
    calendar.start(ofNewest: maximumEmptyPeriods, from: start, to: end)
  }

  /// Refuses a range of more periods than anyone means to list.
  private func checkSpan(from: Timestamp, to: Timestamp, listing: String) throws(TallyError) {
    let estimate = calendar.estimatedCount(from: from, to: to)
    guard estimate > Self.maximumEmptyPeriods else { return }
    let zone = calendar.zone
    throw TallyError(
      .invalidInput,
      "\(listing) about \(estimate) \(calendar.period.rawValue) periods from "
        + "\(TimestampFormat.local(from, in: zone)) to \(TimestampFormat.local(to, in: zone)); "
        + "at most \(Self.maximumEmptyPeriods) are listed",
      hint: "Narrow the range with --from and --to, or choose a longer --period.")
  }
}

/// The figures of a report's periods, asked for at once, by each period's (clipped) start.
private struct AskedFigures {
  var figures: [Timestamp: RangeFigures]
  /// The span of all the readings, or `nil` when there are none.
  var readings: ClosedRange<Timestamp>?
  /// Whether every period from the first reading to the last was asked for; else only those a
  /// goal judges.
  var isWhole = true

  /// The figures of `start..<end`: those asked for, or none outside the readings' span;
  /// `nil` for a range that was not asked for.
  func figures(_ start: Timestamp, _ end: Timestamp) -> RangeFigures? {
    if let asked = figures[start] { return asked }
    guard let readings else { return RangeFigures(count: 0, sum: 0, min: nil, max: nil) }
    return end <= readings.lowerBound || start > readings.upperBound
      ? RangeFigures(count: 0, sum: 0, min: nil, max: nil) : nil
  }
}

/// Range aggregates from two closures, for a total's report: they give no single readings.
private struct SummingAggregates: RangeAggregates {
  let aggregate: (Timestamp, Timestamp) throws -> RangeFigures
  let nextReading: ((Timestamp) throws -> Timestamp?)?

  func span() throws -> ClosedRange<Timestamp>? { nil }

  /// Without a way to skip ahead, every period is summed: the next reading may be anywhere.
  func firstReading(atOrAfter instant: Timestamp) throws -> Timestamp? {
    try nextReading.map { try $0(instant) } ?? instant
  }

  func aggregate(from start: Timestamp, to end: Timestamp) throws -> RangeFigures {
    try aggregate(start, end)
  }

  func reading(_ side: ReadingOrder.Side, of key: ReadingOrder.Key) throws -> Reading? { nil }

  func resets() throws -> [Reading] { [] }
}

extension ReportBuilder {
  /// The headline of a running period from its readings up to `now`, those dated later left
  /// out: what its goal is judged on so far, in `report`, `goals` and the REPL alike.
  ///
  /// A total's sum of its readings up to now; a gauge's last reading up to now; a meter's
  /// usage from the period's start to now.
  func headlineSoFar(
    of kind: ProjectKind, from start: Timestamp, to end: Timestamp, now: Timestamp,
    dial: MeterDial?, over aggregates: any RangeAggregates
  ) throws -> Double? {
    guard now >= start else { return kind == .total ? 0 : nil }
    let afterNow = Swift.min(end, Timestamp(microsecondsSince1970: now.microsecondsSince1970 + 1))
    switch kind {
    case .total:
      return try aggregates.aggregate(from: start, to: afterNow).sum
    case .gauge:
      let latest = try aggregates.reading(.before, of: .start(of: afterNow))
      return latest.flatMap { $0.timestamp >= start ? $0.amount : nil }
    case .meter:
      guard let dial else { return nil }
      let used = try dial.usage(at: afterNow) - dial.usage(at: start)
      return Swift.max(0, used)
    }
  }
}
