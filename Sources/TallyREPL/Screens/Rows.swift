import Foundation
import TallyCore
import TallyReports

/// How projects and readings read on screens, in tables and in the lines that report changes.
struct Rows {
  let zone: TimeZone

  /// A project's number on the home screen, its title, units, frequency, readings, latest
  /// reading and when its timer started (under the heading TIMER SINCE: short enough that the
  /// table keeps to 80 columns).
  func project(_ summary: ProjectSummary, number: Int, timer: RunningTimer?) -> [String] {
    [
      "\(number)", VisibleText.escaped(summary.project.title),
      VisibleText.escaped(summary.project.units),
      summary.project.cadence, "\(summary.readingCount)",
      summary.lastReadingAt.map { TimestampFormat.local($0, in: zone) } ?? "",
      timer.map { TimestampFormat.local($0.startedAt, in: zone) } ?? "",
    ]
  }

  /// A reading's id, time, amount with units, and note followed by its tags (`lunch #food`);
  /// with `tagsApart`, the tags in a cell of their own before the note's.
  ///
  /// With `seconds` (a reading of the same column has some), the time shows its seconds too,
  /// so that one column has one shape.
  func reading(
    _ reading: Reading, of project: Project, seconds: Bool = false, tagsApart: Bool = false
  ) -> [String] {
    let tags = reading.tags.map { "#" + $0 }
    let cells = [
      "#\(reading.id.rawValue)",
      TimestampFormat.local(reading.timestamp, in: zone, seconds: seconds),
      amount(reading.amount, of: project),
    ]
    if tagsApart {
      return cells + [
        VisibleText.escaped(tags.joined(separator: " ")), VisibleText.escaped(reading.note ?? ""),
      ]
    }
    return cells + [
      VisibleText.escaped(
        ([reading.note ?? ""] + tags).filter { !$0.isEmpty }.joined(separator: " "))
    ]
  }

  /// An amount with its project's units: `42.5 km`, or a clock for time (`1:20 h`); with the
  /// project's `--decimals` when it has them (`42 km` for 0), as every screen shows them.
  func amount(_ value: Double, of project: Project) -> String {
    project.decimals == nil
      ? escaped(project).shownWithUnits(value) : ReportNumber.withUnits(value, of: escaped(project))
  }

  /// `project` with its units escaped for a terminal.
  private func escaped(_ project: Project) -> Project {
    var escaped = project
    escaped.units = VisibleText.escaped(project.units)
    return escaped
  }

  /// The line over a project's readings: what it is, how many readings, the latest, the timer.
  func summary(_ summary: ProjectSummary, timer: RunningTimer?) -> String {
    var parts = [VisibleText.escaped(summary.project.title)]
    if !summary.project.units.isEmpty {
      parts.append(VisibleText.escaped(summary.project.units))
    }
    parts.append(summary.project.cadence)
    var count = summary.readingCount == 1 ? "1 reading" : "\(summary.readingCount) readings"
    if let last = summary.lastReadingAt {
      count += ", latest " + TimestampFormat.local(last, in: zone)
    }
    parts.append(count)
    if let timer {
      parts.append("timer running since " + TimestampFormat.local(timer.startedAt, in: zone))
    }
    return parts.joined(separator: " · ")
  }

  /// Whether a reading is due: `due`, `due, 3 missed`, or nothing.
  static func due(_ periodsMissed: Int?) -> String {
    guard let periodsMissed else { return "" }
    return periodsMissed == 0 ? "due" : "due, \(periodsMissed) missed"
  }

  /// The goal's current period: `Goal at most 80 kg per week · 2024-W12: 81 kg, 101% ███`.
  func goal(_ period: PeriodSummary, of project: Project, barWidth: Int, glyphs: Glyphs)
    -> String?
  {
    guard let goal = period.goal else { return nil }
    var line = "Goal \(goal.description(for: escaped(project))) · \(period.period.label): "
    guard let headline = period.judgedHeadline(project.kind) else {
      return line + "no \(project.kind.headlineName) yet"
    }
    // A figure for people, with the project's --decimals, as report tables show it.
    line += ReportNumber.withUnits(headline, of: escaped(project))
    if let progress = period.progress(project.kind) {
      line += ", " + period.progressValue(project.kind).forPeople(decimals: nil)
      let filled = CharacterCells.filled(progress / 100, of: barWidth)
      line +=
        " " + String(repeating: glyphs.full, count: filled)
        + String(repeating: glyphs.unfilled, count: barWidth - filled)
    }
    if let met = period.met(project.kind) { line += met ? " · met" : " · missed" }
    return line
  }

  /// `Trend, km per week: ▂▅▇ ▃█`: the project's recent periods as a sparkline, as many of
  /// the latest as `width` leaves room for; `nil` when none of those has a figure (a label
  /// over nothing says nothing).
  static func trend(_ values: [Double?], of project: Project, width: Int?, glyphs: Glyphs)
    -> String?
  {
    guard !values.isEmpty else { return nil }
    let label = "Trend, \(VisibleText.escaped(project.measure(per: project.reportPeriod))): "
    let room = width.map { $0 - DisplayWidth.of(label) } ?? values.count
    guard room >= 4 else { return nil }
    let shown = Array(values.suffix(room))
    guard shown.contains(where: { $0 != nil }) else { return nil }
    let line = Sparkline.render(shown, kind: project.kind, glyphs: glyphs)
    let trimmed = String(line.reversed().drop { $0 == " " }.reversed())
    return trimmed.isEmpty ? nil : label + trimmed
  }

  /// Cells joined for a one-line report of a change.
  static func line(_ cells: [String]) -> String {
    cells.filter { !$0.isEmpty }.joined(separator: "  ")
  }
}
