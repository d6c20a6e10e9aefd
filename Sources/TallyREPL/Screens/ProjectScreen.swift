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
      if view.trend != shownTrend { renderTrend(view.trend, of: open.summary.project) }
      if view.goal != shownGoal { renderGoal(view.goal, of: open.summary.project) }
    } else {
      console.line(console.style.bold(rows.summary(open.summary, timer: view.timer)))
      renderTrend(view.trend, of: open.summary.project)
      renderGoal(view.goal, of: open.summary.project)
      render(open, layout: view.layout)
    }
    shownLayout = view.layout
    shown = open
    shownTimer = view.timer
    shownGoal = view.goal
    shownTrend = view.trend
  }

  private var rows: Rows { Rows(zone: context.session.zone) }

  private func renderGoal(_ period: PeriodSummary?, of project: Project) {
    guard let period,
      let line = rows.goal(period, of: project, barWidth: 20, glyphs: console.style.glyphs)
    else { return }
    console.line(line)
    let report = ProjectReport(project: project, period: period.goal?.per ?? .daily, rows: [period])
    if let standing = GoalStanding(report) { console.line(standing.line) }
  }

  private func renderTrend(_ trend: [Double?], of project: Project) {
    let style = console.style
    guard let line = Rows.trend(trend, of: project, width: style.width, glyphs: style.glyphs)
    else { return }
    console.line(line)
  }

  private func render(_ open: OpenProject, layout: ReadingLayout) {
    let summary = open.summary
    guard !open.readings.isEmpty else {
      console.line("No readings yet. `add AMOUNT [--note TEXT]` adds one; `start` starts a timer.")
      return
    }
    var table = TextTable(columns: [
      .init("ID", .right), .init("TIME"), .init("AMOUNT", .right), .init("NOTE", .text),
    ])
    let sections = ReadingSection.grouping(
      open.readings, by: summary.project.frequency, in: context.session.zone)
    let seconds = open.readings.contains {
      TimestampFormat.hasSeconds($0.timestamp, in: context.session.zone)
    }
    for section in sections {
      let count = section.readings.count == 1 ? "1 reading" : "\(section.readings.count) readings"
      table.appendSection(
        "\(section.label) · \(count) · \(headline(of: section, summary.project))",
        style: console.style.dim)
      for reading in section.readings {
        table.append(rows.reading(reading, of: summary.project, seconds: seconds))
      }
    }
    console.write(table.render(width: console.style.width, layout: layout.tableLayout))
    if open.hasMore {
      console.line(
        console.style.dim(
          "The latest \(open.readings.count) of \(summary.readingCount) readings; "
            + "`list` shows them all."))
    }
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
      console.line(style.bold(rows.summary(new.summary, timer: timer)))
    }
    let changes = ChangeSet(from: old.readings, to: new.readings)
    let oldest = new.readings.last?.timestamp
    for index in changes.deletions {
      let reading = old.readings[index]
      // A reading that only scrolled past the page's end is not gone.
      if new.hasMore, let oldest, reading.timestamp <= oldest { continue }
      console.line(style.red("- ") + Rows.line(rows.reading(reading, of: project)))
    }
    for index in changes.insertions {
      console.line(style.green("+ ") + Rows.line(rows.reading(new.readings[index], of: project)))
    }
    for index in changes.modifications {
      console.line(style.yellow("~ ") + Rows.line(rows.reading(new.readings[index], of: project)))
    }
    let modified = Set(changes.modifications)
    for move in changes.moves where !modified.contains(move.to) {
      console.line(style.dim("↕ ") + Rows.line(rows.reading(new.readings[move.to], of: project)))
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
