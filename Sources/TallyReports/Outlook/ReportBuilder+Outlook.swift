import Foundation
public import TallyCore

extension ReportBuilder {
  /// Adds `outlook`'s figures to `report`'s periods, from the same aggregates.
  ///
  /// The periods before the report's first (for a comparison or a rolling mean) are summed in
  /// one more pass over every period from the earliest one needed; the forecast needs `now`
  /// and adds the running period when the report ends before it (with `addingRunningPeriod`).
  public func add(
    _ outlook: ReportOutlook, to report: inout ProjectReport, addingRunningPeriod: Bool,
    over aggregates: any RangeAggregates
  ) throws {
    report.outlook = outlook
    if outlook.forecast, addingRunningPeriod, let now {
      try addRunningPeriod(to: &report, now: now, over: aggregates)
    }
    guard let first = report.rows.first?.period, let last = report.rows.last?.period else {
      return
    }
    let kind = report.project.kind
    if outlook.comparison != nil || outlook.rolling != nil || outlook.forecast {
      var earliest = first
      if let rolling = outlook.rolling {
        for _ in 1..<max(rolling, 1) { earliest = calendar.period(before: earliest) }
      }
      if outlook.forecast, kind == .gauge {
        for _ in 1..<ReportOutlook.trendPeriods { earliest = calendar.period(before: earliest) }
      }
      switch outlook.comparison {
      case .previous:
        let before = calendar.period(before: first)
        if before.start < earliest.start { earliest = before }
      case .year:
        let before = yearBefore(first)
        if before.start < earliest.start { earliest = before }
      case nil: break
      }
      let every = try ReportBuilder(calendar: calendar, includesEmpty: true, now: now)
        .report(of: report.project, from: earliest.start, to: last.end, over: aggregates)
      let firstReading = try aggregates.firstReading(
        atOrAfter: Timestamp(microsecondsSince1970: .min))
      let headlines = Headlines(rows: every.rows, kind: kind, firstReading: firstReading)
      for index in report.rows.indices {
        let period = report.rows[index].period
        switch outlook.comparison {
        case .previous:
          report.rows[index].compared =
            headlines.shown[calendar.period(before: period).label] ?? nil
        case .year: report.rows[index].compared = headlines.shown[yearBefore(period).label] ?? nil
        case nil: break
        }
        if let rolling = outlook.rolling {
          report.rows[index].rollingMean = headlines.mean(
            of: headlines.labels(endingAt: period.label, count: rolling))
        }
      }
      if outlook.forecast, let now {
        for index in report.rows.indices where report.rows[index].period.contains(now) {
          try project(
            &report.rows[index], kind: kind, now: now, headlines: headlines, over: aggregates)
        }
      }
    }
  }

  /// Appends the running period when the report ends before it, so a forecast has a row.
  private func addRunningPeriod(
    to report: inout ProjectReport, now: Timestamp, over aggregates: any RangeAggregates
  ) throws {
    let running = calendar.period(containing: now)
    guard !report.rows.contains(where: { $0.period.contains(now) }),
      report.rows.last.map({ $0.period.end <= running.start }) ?? true
    else { return }
    let extra = try ReportBuilder(calendar: calendar, includesEmpty: true, now: now)
      .report(of: report.project, from: running.start, to: running.end, over: aggregates)
    report.rows += extra.rows
  }

  /// The period a year before `period`: 52 weeks before a week (the same week number, most
  /// years), the same date a year before a day, the same month, quarter or year before.
  func yearBefore(_ period: Period) -> Period {
    var back = period
    let steps: Int
    switch calendar.period {
    case .daily:
      var gregorian = Calendar(identifier: .gregorian)
      gregorian.timeZone = calendar.zone
      let noon = period.start.date.addingTimeInterval(12 * 3600)
      guard let before = gregorian.date(byAdding: .year, value: -1, to: noon) else { return period }
      return calendar.period(containing: Timestamp(before))
    case .weekly: steps = 52
    case .monthly: steps = 12
    case .quarterly: steps = 4
    case .yearly: steps = 1
    }
    for _ in 0..<steps { back = calendar.period(before: back) }
    return back
  }

  /// Sets the running period's forecast and, with a goal, what each day left needs.
  ///
  /// A total's sum and a meter's usage go on at the pace so far: the amount so far over the
  /// share of the period's time that has passed. A gauge's level follows the least-squares
  /// line through the last periods' levels (each at its period's end, the running one's at
  /// now), read at the period's end.
  private func project(
    _ row: inout PeriodSummary, kind: ProjectKind, now: Timestamp, headlines: Headlines,
    over aggregates: any RangeAggregates
  ) throws {
    let period = row.period
    let length = period.start.seconds(until: period.end)
    let passed = period.start.seconds(until: now)
    guard length > 0, passed > 0 else { return }
    let daysLeft = now.seconds(until: period.end) / 86_400
    // Readings dated after now (planned, or typed ahead) are not part of the pace so far.
    let afterNow = Timestamp(microsecondsSince1970: now.microsecondsSince1970 + 1)
    let soFar: Double?
    switch kind {
    case .total:
      let sum = try aggregates.aggregate(from: period.start, to: afterNow).sum
      soFar = sum
      if passed / length >= ReportOutlook.leastShareForForecast {
        row.forecast = sum / (passed / length)
      }
    case .meter:
      // The usage is known up to the last reading: its rate per day goes on.
      soFar = row.headlineSoFar ?? row.usage ?? 0
      row.forecast = row.rate.map { $0 * length / 86_400 }
    case .gauge:
      let latest = try aggregates.reading(.before, of: .start(of: afterNow))
      soFar = latest.flatMap { $0.timestamp >= period.start ? $0.amount : nil }
      var points: [(x: Double, y: Double)] = headlines.levels(before: period.label)
        .suffix(ReportOutlook.trendPeriods - 1)
        .map { (x: $0.end.seconds(until: period.end) * -1, y: $0.level) }
      if let soFar { points.append((x: now.seconds(until: period.end) * -1, y: soFar)) }
      row.forecast = LeastSquares.value(at: 0, through: points)
    }
    row.headlineSoFar = soFar
    row.shareElapsed = min(1, passed / length)
    if let goal = row.goal, let soFar, daysLeft > 0 {
      // A sum or usage whose goal is decided already needs nothing more, and has no room.
      row.neededPerDay =
        kind != .gauge && row.met(kind) != nil ? 0 : (goal.amount - soFar) / daysLeft
    }
  }
}

/// The headlines of every period of a stretch, by label, as comparisons and means read them.
struct Headlines {
  /// The periods' labels, in order.
  let order: [String]
  /// Each period's headline as shown: `nil` for one without figures (or, for a total, before
  /// its first reading; after it, a total's empty period is 0).
  let shown: [String: Double?]
  /// The periods' ends, by label.
  let ends: [String: Timestamp]

  init(rows: [PeriodSummary], kind: ProjectKind, firstReading: Timestamp?) {
    order = rows.map(\.period.label)
    var shown: [String: Double?] = [:]
    var ends: [String: Timestamp] = [:]
    for row in rows {
      let started = firstReading.map { row.period.end > $0 } ?? false
      shown[row.period.label] =
        kind == .total && started ? row.headline(kind) : row.plottedHeadline(kind)
      ends[row.period.label] = row.period.end
    }
    self.shown = shown
    self.ends = ends
  }

  /// The labels of `count` periods ending with `label`'s.
  func labels(endingAt label: String, count: Int) -> ArraySlice<String> {
    guard let end = order.firstIndex(of: label) else { return [] }
    return order[max(0, end - count + 1)...end]
  }

  /// The mean of the headlines that `labels` have; `nil` when none has one.
  func mean(of labels: ArraySlice<String>) -> Double? {
    let values = labels.compactMap { shown[$0] ?? nil }
    guard !values.isEmpty else { return nil }
    return values.reduce(0, +) / Double(values.count)
  }

  /// The levels of the periods before `label`'s that have one, oldest first, with their ends.
  func levels(before label: String) -> [(end: Timestamp, level: Double)] {
    guard let index = order.firstIndex(of: label) else { return [] }
    return order[..<index].compactMap { label in
      guard let level = shown[label] ?? nil, let end = ends[label] else { return nil }
      return (end: end, level: level)
    }
  }
}

/// The straight line that fits points best, in the least-squares sense.
enum LeastSquares {
  /// The line's value at `x`; the one point's `y` when there is one, `nil` for none, and the
  /// points' mean when they all share one `x`.
  static func value(at x: Double, through points: [(x: Double, y: Double)]) -> Double? {
    guard !points.isEmpty else { return nil }
    let count = Double(points.count)
    let meanX = points.reduce(0) { $0 + $1.x } / count
    let meanY = points.reduce(0) { $0 + $1.y } / count
    let spread = points.reduce(0) { $0 + ($1.x - meanX) * ($1.x - meanX) }
    guard spread > 0 else { return meanY }
    let slope = points.reduce(0) { $0 + ($1.x - meanX) * ($1.y - meanY) } / spread
    return meanY + slope * (x - meanX)
  }
}
