import Flow
import Foundation
import TallyApp
import TallyCore
import TallyReports
import TallyState

/// A project's screen: a summary line, then its latest readings in sections by the project's
/// frequency (days, months or years), newest first.
final class ProjectScreen: Screen, StoreSubscriber {
  /// What the project screen shows; `open` is `nil` until the project's readings are loaded.
  struct View: Equatable {
    var open: OpenProject?
    var timer: RunningTimer?
    /// The goal's current period, when the project has a goal.
    var goal: PeriodSummary?
    /// Its recent periods' headlines, for the sparkline.
    var trend: [Double?]
    /// How the readings are laid out (`view`).
    var layout: ReadingLayout
  }

  let projectID: ProjectID
  private var shown: OpenProject?
  private var shownTimer: RunningTimer?
  private var shownGoal: PeriodSummary?
  private var shownTrend: [Double?] = []
  private var shownLayout: ReadingLayout?

  init(projectID: ProjectID, context: ScreenContext, path: [Route], stack: ScreenStack) {
    self.projectID = projectID
    super.init(context: context, path: path, stack: stack)
  }

  override var commands: [String] {
    ["add", "start", "stop", "cancel", "report", "list", "edit", "delete"]
  }

  override func show() {
    let id = projectID
    store.subscribe(self) { state in
      View(
        open: state.stored.openProject.flatMap { $0.summary.id == id ? $0 : nil },
        timer: state.timer(for: id), goal: state.stored.standing[id]?.goalPeriod,
        trend: state.stored.standing[id]?.trend ?? [], layout: state.display.layout)
    }
  }

  override func didDeactivate() {
    shown = nil
    shownTimer = nil
    shownGoal = nil
    shownTrend = []
    shownLayout = nil
  }

  func newState(_ view: View) {
    guard let open = view.open else { return }
    if let shown, shownLayout == view.layout {
      renderChanges(from: shown, to: open, timer: view.timer)
      if view.trend != shownTrend { console.write(trendText(view.trend, of: open.summary.project)) }
      if view.goal != shownGoal { console.write(goalText(view.goal, of: open.summary.project)) }
    } else {
      let project = open.summary.project
      let head =
        TextWrap.wrap(
          console.style.bold(rows.summary(open.summary, timer: view.timer)),
          width: console.style.width) + "\n"
        + trendText(view.trend, of: project) + goalText(view.goal, of: project)
      // The summary, trend, goal and forecast always show; the readings take the rows left.
      let left = terminalRows.map { $0 - Screen.rows(of: head, width: console.style.width) }
      console.write(head + readingsText(open, layout: view.layout, rows: left))
    }
    shownLayout = view.layout
    shown = open
    shownTimer = view.timer
    shownGoal = view.goal
    shownTrend = view.trend
  }

  private var rows: Rows { Rows(zone: context.session.zone) }

  /// The goal's line and its forecast, each ending in a line break; empty without a goal.
  private func goalText(_ period: PeriodSummary?, of project: Project) -> String {
    guard let period,
      let line = rows.goal(period, of: project, barWidth: 20, glyphs: console.style.glyphs)
    else { return "" }
    let report = ProjectReport(project: project, period: period.goal?.per ?? .daily, rows: [period])
    let text =
      line + "\n" + (GoalStanding(report).map { VisibleText.escaped($0.line) + "\n" } ?? "")
    return TextWrap.wrap(text, width: console.style.width)
  }

  /// The trend's sparkline and a line break; empty without one.
  private func trendText(_ trend: [Double?], of project: Project) -> String {
    let style = console.style
    return Rows.trend(trend, of: project, width: style.width, glyphs: style.glyphs)
      .map { $0 + "\n" } ?? ""
  }

  /// The newest readings in sections, as many as fit in `rows` (all of them without a limit),
  /// and a line saying how many there are when it shows fewer.
  private func readingsText(_ open: OpenProject, layout: ReadingLayout, rows limit: Int?)
    -> String
  {
    let summary = open.summary
    guard !open.readings.isEmpty else {
      let timer = TimeUnit(naming: summary.project.units) != nil ? "; `start` starts a timer" : ""
      return TextWrap.wrap(
        "No readings yet. `add AMOUNT [--note TEXT]` adds one\(timer).\n",
        width: console.style.width)
    }
    let sections = ReadingSection.grouping(
      open.readings, by: summary.project.frequency, in: context.session.zone)
    // The line under the table that says how many there are takes a row.
    var count = limit.map { Self.readingsFitting(sections, in: $0 - 1) } ?? open.readings.count
    while true {
      let table = readingsTable(sections, of: summary.project, count: count, layout: layout)
      let shown = count < open.readings.count || open.hasMore
      let more =
        shown
        ? TextWrap.wrap(
          console.style.dim(
            "The latest \(count) of \(summary.readingCount) readings; `list` shows them all."),
          width: console.style.width) + "\n" : ""
      // A layout of records takes more rows than the count above foresaw: fewer, then.
      guard let limit, count > 0,
        Screen.rows(of: table + more, width: console.style.width) > limit
      else { return table + more }
      count = max(0, count - max(1, count / 4))
    }
  }

  /// How many of the newest readings fit in `rows` rows of a table: its heading and rule,
  /// and a row for each section and each reading.
  private static func readingsFitting(_ sections: [ReadingSection], in rows: Int) -> Int {
    var used = 2
    var count = 0
    for section in sections {
      guard used + 2 <= rows else { break }
      used += 1
      for _ in section.readings {
        guard used + 1 <= rows else { return count }
        used += 1
        count += 1
      }
    }
    return count
  }

  /// The table of the newest `count` readings, in their sections; a section cut short keeps
  /// the headline of all its readings.
  private func readingsTable(
    _ sections: [ReadingSection], of project: Project, count: Int, layout: ReadingLayout
  ) -> String {
    guard count > 0 else { return "" }
    let zone = context.session.zone
    var left = count
    let shown = sections.flatMap(\.readings).prefix(count)
    let seconds = shown.contains { TimestampFormat.hasSeconds($0.timestamp, in: zone) }
    // Tags have a column of their own before the note, as `item list` has them: a note cut to
    // fit the terminal leaves them in sight.
    let showsTags = shown.contains { !$0.tags.isEmpty }
    // A few tags are never cut (the note is); only tags too many for a third of a terminal are.
    let widestTags = shown.map { $0.tags.reduce(0) { $0 + 2 + DisplayWidth.of($1) } }.max() ?? 0
    var table = TextTable(
      columns: [.init("ID", .right), .init("TIME"), .init("AMOUNT", .right)]
        + (showsTags ? [.init("TAGS", widestTags <= 26 ? .left : .text)] : [])
        + [.init("NOTE", .text)])
    for section in sections where left > 0 {
      let all = section.readings.count
      let number = all == 1 ? "1 reading" : "\(all) readings"
      table.appendSection(
        "\(section.label) · \(number) · \(headline(of: section, project))",
        style: console.style.dim)
      for reading in section.readings.prefix(left) {
        table.append(rows.reading(reading, of: project, seconds: seconds, tagsApart: showsTags))
      }
      left -= min(left, all)
    }
    return table.render(width: console.style.width, layout: layout.tableLayout)
  }

  /// What a section adds up to in the project's kind: the sum of a total, the last reading of
  /// a gauge or a meter.
  private func headline(of section: ReadingSection, _ project: Project) -> String {
    switch project.kind {
    case .total: return rows.amount(section.total, of: project)
    case .gauge, .meter:
      guard let last = section.readings.max(by: { $0.precedes($1) }) else { return "" }
      return "last " + rows.amount(last.amount, of: project)
    }
  }

  private func renderChanges(from old: OpenProject, to new: OpenProject, timer: RunningTimer?) {
    let style = console.style
    let project = new.summary.project
    if old.summary != new.summary || shownTimer != timer {
      console.line(
        TextWrap.wrap(style.bold(rows.summary(new.summary, timer: timer)), width: style.width))
    }
    let changes = ChangeSet(from: old.readings, to: new.readings)
    let oldest = new.readings.last?.timestamp
    for index in changes.deletions {
      let reading = old.readings[index]
      // A reading that only scrolled past the page's end is not gone.
      if new.hasMore, let oldest, reading.timestamp <= oldest { continue }
      console.changeLine(style.red("- ") + Rows.line(rows.reading(reading, of: project)))
    }
    for index in changes.insertions {
      console.changeLine(
        style.green("+ ") + Rows.line(rows.reading(new.readings[index], of: project)))
    }
    for index in changes.modifications {
      console.changeLine(
        style.yellow("~ ") + Rows.line(rows.reading(new.readings[index], of: project)))
    }
    let modified = Set(changes.modifications)
    for move in changes.moves where !modified.contains(move.to) {
      console.changeLine(
        style.dim("↕ ") + Rows.line(rows.reading(new.readings[move.to], of: project)))
    }
  }
}

extension ReadingLayout {
  /// The table layout this asks for.
  var tableLayout: TextTable.Layout {
    switch self {
    case .auto: .fitted
    case .table: .table
    case .records: .records
    }
  }
}
