public import TallyCore

/// Writes reports for the terminal: per project a title, aligned columns of its kind's figures,
/// a bar that shows each period's headline (sum, last reading or usage), with a mark where
/// its goal lies, a totals row, and the goal with its streaks.
public enum ReportTable {
  /// The widest the bars grow on a wide terminal.
  public static let maximumBarWidth = 60

  /// The reports as text.
  ///
  /// - Parameters:
  ///   - reports: The reports.
  ///   - statistics: The columns; `nil` shows each kind's own.
  ///   - barWidth: How many characters the bars take when `width` is `nil`; 0 leaves them out.
  ///   - width: The terminal columns a table may take: the bars take what the figures
  ///     leave, up to ``maximumBarWidth``, and go when fewer than 4 are left. `nil` does not
  ///     limit it.
  ///   - glyphs: What the bars are drawn with.
  /// - Returns: The text, one table per report.
  public static func render(
    _ reports: [ProjectReport], statistics: [ReportStatistic]? = nil, barWidth: Int = 20,
    width: Int? = nil, glyphs: Glyphs = .unicode
  ) -> String {
    reports.map { report in
      let columns = statistics ?? report.shownStatistics
      guard let width, barWidth > 0 else {
        return render(report, columns, barWidth: barWidth, glyphs: glyphs)
      }
      let used = tableWidth(report, statistics: columns)
      // Two columns between the figures and the bars, one for a goal's mark past the end.
      let room = width - used - 3
      return room >= 4 && width >= TextTable.narrowest
        ? render(report, columns, barWidth: min(maximumBarWidth, room), glyphs: glyphs)
        : render(report, columns, barWidth: 0, glyphs: glyphs, width: width)
    }.joined(separator: "\n")
  }

  /// The columns a terminal `width` wide shows of `report`: the kind's own, less the figures
  /// read least (the mean, the first, the change, min and max, the rate, the goal, the share
  /// of it) one at a time until its latest `rows` periods (all without) fit as a table;
  /// `nil` when even the fewest do not, and records are drawn.
  ///
  /// A table too wide is drawn as records, ten lines a period: whether a period met its goal
  /// goes last.
  public static func statistics(fitting report: ProjectReport, width: Int, rows: Int? = nil)
    -> [ReportStatistic]?
  {
    var latest = report
    if let rows { latest.rows = Array(report.rows.suffix(max(1, rows))) }
    var shown = report.shownStatistics
    let leastRead: [ReportStatistic] = [
      .mean, .first, .change, .min, .max, .rate, .goal, .progress,
    ]
    var dropping = leastRead.filter(shown.contains)[...]
    while tableWidth(latest, statistics: shown) > width {
      guard let dropped = dropping.popFirst() else { return nil }
      shown.removeAll { $0 == dropped }
    }
    return shown
  }

  /// The columns `report`'s table takes without bars, its title and goal lines aside: wider
  /// than a terminal, it is drawn as records there.
  public static func tableWidth(_ report: ProjectReport, statistics: [ReportStatistic]) -> Int {
    let sentences = Set(
      [report.goalLine, report.forecastLine].compactMap { $0.map(VisibleText.escaped) })
    let bare = render(report, statistics, barWidth: 0, glyphs: .unicode)
    return bare.split(separator: "\n").dropFirst().map(String.init)
      .filter { !sentences.contains($0) }.map(DisplayWidth.of).max() ?? 0
  }

  static func render(
    _ report: ProjectReport, _ statistics: [ReportStatistic], barWidth: Int, glyphs: Glyphs,
    width: Int? = nil
  ) -> String {
    let project = report.project
    var title =
      VisibleText.escaped(project.title)
      + (project.units.isEmpty ? "" : " (\(VisibleText.escaped(project.units)))")
    title += ", \(report.period.rawValue)"
    if project.kind != .total { title += " \(project.kind.rawValue)" }
    if let first = report.rows.first, let last = report.rows.last {
      title +=
        first.period.label == last.period.label
        ? ", \(first.period.label)" : ", \(first.period.label) to \(last.period.label)"
    }
    let marksGoal = barWidth > 0 && report.rows.contains { $0.goal != nil }
    // The sentences name the units as they are stored: shown as the table shows them.
    let footer =
      (report.goalLine.map {
        VisibleText.escaped($0) + (marksGoal ? " The bars mark it with \(glyphs.goal)." : "")
          + "\n"
      } ?? "") + (report.forecastLine.map { VisibleText.escaped($0) + "\n" } ?? "")
    guard !report.rows.isEmpty else {
      return title + "\nNo readings in this range.\n" + footer
    }
    var columns: [TextTable.Column] =
      [.init("PERIOD")] + statistics.map { .init($0.heading.uppercased(), .right) }
    if barWidth > 0 { columns.append(.init("")) }
    var table = TextTable(columns: columns)
    let headlines = report.rows.map { $0.headline(project.kind) }
    let scale = BarScale(
      headlines: headlines.compactMap { $0 }, goals: report.rows.compactMap { $0.goal?.amount },
      kind: project.kind, width: barWidth, glyphs: glyphs)
    for (row, headline) in zip(report.rows, headlines) {
      var cells =
        [row.period.label]
        + statistics.map { $0.value(of: row, project.kind).forPeople(of: project) }
      if barWidth > 0 { cells.append(scale.bar(headline, goal: row.goal?.amount)) }
      table.append(cells)
    }
    table.appendRule()
    table.append(["total"] + report.totalCells(statistics))
    return title + "\n" + table.render(width: width) + footer
  }
}

extension ProjectReport {
  /// The columns a person sees of this report: its kind's, and the goal's when a period has
  /// one.
  public var shownStatistics: [ReportStatistic] {
    ReportStatistic.shown(for: project.kind, withGoal: rows.contains { $0.goal != nil })
      + outlook.statistics
  }

  /// The totals row's cells for `statistics`, for people: a goal is judged per period, so
  /// its columns are empty there.
  public func totalCells(_ statistics: [ReportStatistic]) -> [String] {
    let total = self.total
    return statistics.map { statistic in
      switch statistic {
      case .goal, .progress, .met, .previous, .changePercent, .rollingMean, .forecast,
        .neededPerDay:
        ""
      default: statistic.value(of: total, project.kind).forPeople(of: project)
      }
    }
  }

  /// `Goal: at least 150 km per week; met 3 weeks in a row now, 7 at most.`, when the
  /// project has a goal.
  public var goalLine: String? {
    guard let goal = project.goal else { return nil }
    var line = "Goal: \(goal.description(for: project))"
    if let streak {
      let unit = streak.per.unitName
      line +=
        "; streak: \(streak.current) \(unit)\(streak.current == 1 ? "" : "s") now, "
        + "longest \(streak.longest)"
    }
    return line + "."
  }

  /// The running goal period's forecast, when the report was asked for one (`--forecast`).
  public var forecastLine: String? {
    guard outlook.forecast else { return nil }
    return GoalStanding(self)?.line
  }
}
