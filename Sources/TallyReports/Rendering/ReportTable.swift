public import TallyCore

/// Writes reports for the terminal: per project a title, aligned columns of its kind's figures,
/// a bar that shows each period's headline (sum, last reading or usage) against the largest,
/// a totals row, and the goal with its streaks.
public enum ReportTable {
  /// The reports as text.
  ///
  /// - Parameters:
  ///   - reports: The reports.
  ///   - statistics: The columns; `nil` shows each kind's own.
  ///   - barWidth: How many characters the largest bar takes; 0 leaves the bars out.
  ///   - width: The terminal columns a table may take: bars shrink, then go, to fit. `nil`
  ///     does not limit it.
  /// - Returns: The text, one table per report.
  public static func render(
    _ reports: [ProjectReport], statistics: [ReportStatistic]? = nil, barWidth: Int = 20,
    width: Int? = nil
  ) -> String {
    reports.map { report in
      let columns = statistics ?? report.shownStatistics
      guard let width else { return render(report, columns, barWidth: barWidth) }
      let bare = render(report, columns, barWidth: 0)
      let used = bare.split(separator: "\n").dropFirst().map { DisplayWidth.of(String($0)) }.max()
      let room = width - (used ?? 0) - 2
      return room >= 4 ? render(report, columns, barWidth: min(barWidth, room)) : bare
    }.joined(separator: "\n")
  }

  static func render(
    _ report: ProjectReport, _ statistics: [ReportStatistic], barWidth: Int
  ) -> String {
    let project = report.project
    var title = project.title + (project.units.isEmpty ? "" : " (\(project.units))")
    title += ", \(report.period.rawValue)"
    if project.kind != .total { title += " \(project.kind.rawValue)" }
    if let first = report.rows.first, let last = report.rows.last {
      title +=
        first.period.label == last.period.label
        ? ", \(first.period.label)" : ", \(first.period.label) to \(last.period.label)"
    }
    let footer = report.goalLine.map { $0 + "\n" } ?? ""
    guard !report.rows.isEmpty else {
      return title + "\nNo readings in this range.\n" + footer
    }
    var columns: [TextTable.Column] =
      [.init("PERIOD")] + statistics.map { .init($0.heading.uppercased(), .right) }
    if barWidth > 0 { columns.append(.init("")) }
    var table = TextTable(columns: columns)
    let headlines = report.rows.map { $0.headline(project.kind) }
    let length = barLength(headlines.compactMap { $0 }, project.kind)
    for (row, headline) in zip(report.rows, headlines) {
      var cells =
        [row.period.label]
        + statistics.map { $0.value(of: row, project.kind).forPeople(decimals: project.decimals) }
      if barWidth > 0 {
        cells.append(headline.map { bar(length($0), of: 1, width: barWidth) } ?? "")
      }
      table.append(cells)
    }
    table.appendRule()
    table.append(["total"] + report.totalCells(statistics))
    return title + "\n" + table.render() + footer
  }

  /// How long a headline's bar is, from 0 to 1: a sum or usage against the largest, a
  /// gauge's level between a floor a little under the lowest and the highest, since its
  /// changes, not its distance from zero, are what a person watches.
  static func barLength(_ headlines: [Double], _ kind: ProjectKind) -> (Double) -> Double {
    let largest = headlines.map(abs).max() ?? 0
    guard kind == .gauge, let low = headlines.min(), let high = headlines.max(), low < high
    else { return { largest > 0 ? abs($0) / largest : 0 } }
    let floor = low - (high - low) / 4
    return { ($0 - floor) / (high - floor) }
  }

  /// A bar of `value` against `largest`, in eighths of a character.
  static func bar(_ value: Double, of largest: Double, width: Int) -> String {
    guard largest > 0, largest.isFinite, value.isFinite else { return "" }
    let eighths = Int((value / largest * Double(width * 8)).rounded())
    let blocks = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    return String(repeating: "█", count: eighths / 8) + blocks[eighths % 8]
  }
}

extension ProjectReport {
  /// The columns a person sees of this report: its kind's, and the goal's when a period has
  /// one.
  public var shownStatistics: [ReportStatistic] {
    ReportStatistic.shown(for: project.kind, withGoal: rows.contains { $0.goal != nil })
  }

  /// The totals row's cells for `statistics`, for people: a goal is judged per period, so
  /// its columns are empty there.
  public func totalCells(_ statistics: [ReportStatistic]) -> [String] {
    let total = self.total
    return statistics.map { statistic in
      switch statistic {
      case .goal, .progress, .met: ""
      default: statistic.value(of: total, project.kind).forPeople(decimals: project.decimals)
      }
    }
  }

  /// `Goal: at least 150 km per week; met 3 weeks in a row now, 7 at most.`, when the
  /// project has a goal.
  public var goalLine: String? {
    guard let goal = project.goal else { return nil }
    var line = "Goal: \(goal.description(units: project.units))"
    if let streak {
      let unit = streak.per.unitName
      line +=
        "; streak: \(streak.current) \(unit)\(streak.current == 1 ? "" : "s") now, "
        + "longest \(streak.longest)"
    }
    return line + "."
  }
}
