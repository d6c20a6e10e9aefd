import Flow
import Foundation
import TallyApp
import TallyCore
import TallyReports

/// The home screen: every project by title, numbered for `open N`, under their groups when
/// there are any (``ProjectGroup/listedByTitle(_:)``), the groups first: an order that stays
/// put, so that a number means the same project tomorrow.
final class HomeScreen: Screen, StoreSubscriber {
  /// A project as the home screen shows it: with its running timer, if any, so that starting
  /// or stopping one is a change of its row like any other.
  struct Row: Identifiable, Equatable {
    var summary: ProjectSummary
    /// The name of its group, if it is in one.
    var group: String?
    var timer: RunningTimer?
    /// How many periods it missed, when a reading is due.
    var periodsMissed: Int?
    /// Its recent periods' headlines, for the sparkline.
    var trend: [Double?]
    var id: ProjectID { summary.id }
  }

  private var shown: [Row]?

  override var commands: [String] { ["open", "new"] }

  override func show() {
    store.subscribe(self) { state in
      ProjectGroup.listedByTitle(state.stored.projects).map { group, summary in
        Row(
          summary: summary, group: group, timer: state.timer(for: summary.id),
          periodsMissed: state.stored.standing[summary.id]?.periodsMissed,
          trend: state.stored.standing[summary.id]?.trend ?? [])
      }
    }
  }

  override func didDeactivate() {
    shown = nil
  }

  func newState(_ rows: [Row]) {
    defer { shown = rows }
    guard let shown else { return render(rows) }
    renderChanges(from: shown, to: rows)
  }

  private var format: Rows { Rows(zone: context.session.zone) }

  private func render(_ rows: [Row]) {
    guard !rows.isEmpty else {
      console.line(
        TextWrap.wrap(
          "No projects yet. `new` creates one; `import FILE --project TITLE --create` brings "
            + "readings in; `help` lists the commands.", width: console.style.width))
      return
    }
    // Groups show only when a project is in one: a section line heads each group's projects.
    let showsGroups = rows.contains { $0.group != nil }
    var count = fitting(rows, showsGroups: showsGroups)
    while true {
      let text = table(of: Array(rows.prefix(count)), of: rows.count, groups: showsGroups)
      // A narrow terminal lays a project out as a record of several rows: fewer, then.
      guard let limit = terminalRows, count > 1,
        Screen.rows(of: text, width: console.style.width) > limit
      else { return console.write(text) }
      count = max(1, count - max(1, count / 4))
    }
  }

  /// The table of the `shown` projects of `total`, and a line saying how many there are when
  /// it shows fewer.
  private func table(of shown: [Row], of total: Int, groups showsGroups: Bool) -> String {
    let rows = shown
    // The timer and due columns show only when a timer runs or a reading is due somewhere.
    let showsTimer = rows.contains { $0.timer != nil }
    let showsDue = rows.contains { $0.periodsMissed != nil }
    var table = TextTable(
      columns: [
        .init("#", .right), .init("TITLE", .text), .init("UNITS", .text), .init("FREQUENCY"),
        .init("READINGS", .right), .init("LAST READING"),
      ] + (showsTimer ? [.init("TIMER SINCE")] : []) + (showsDue ? [.init("DUE")] : []))
    for (index, row) in shown.enumerated() {
      var cells = format.project(row.summary, number: index + 1, timer: row.timer)
      if !showsTimer { cells.removeLast() }
      if showsGroups, index == 0 || rows[index - 1].group != row.group {
        table.appendSection(row.group ?? ProjectGroup.noGroupHeading, style: console.style.dim)
      }
      table.append(cells + (showsDue ? [Rows.due(row.periodsMissed)] : []))
    }
    let style = console.style
    table.appendSparklines(
      shown.map { ($0.trend, $0.summary.project.kind) }, width: style.width, glyphs: style.glyphs)
    var text = table.render(width: style.width)
    if shown.count < total {
      text +=
        TextWrap.wrap(
          style.dim(
            "Projects 1 to \(shown.count) of \(total); `open N` opens any, `project list` "
              + "lists them all."), width: style.width) + "\n"
    }
    return text
  }

  /// How many of the projects fit the terminal: under the table's heading and rule, with a
  /// row for each group's heading, and a row left for the line that says how many there are.
  private func fitting(_ rows: [Row], showsGroups: Bool) -> Int {
    guard let limit = terminalRows else { return rows.count }
    var used = 2
    for (index, row) in rows.enumerated() {
      let heading = showsGroups && (index == 0 || rows[index - 1].group != row.group) ? 1 : 0
      let more = index + 1 < rows.count ? 1 : 0
      guard used + heading + 1 + more <= limit else { return index }
      used += heading + 1
    }
    return rows.count
  }

  private func renderChanges(from old: [Row], to new: [Row]) {
    let style = console.style
    let changes = ChangeSet(from: old, to: new)
    for index in changes.deletions {
      console.changeLine(style.red("- ") + VisibleText.escaped(old[index].summary.project.title))
    }
    for index in changes.insertions {
      console.changeLine(style.green("+ ") + line(new[index], at: index))
    }
    for index in changes.modifications {
      console.changeLine(style.yellow("~ ") + line(new[index], at: index))
    }
    let modified = Set(changes.modifications)
    for move in changes.moves where !modified.contains(move.to) {
      console.changeLine(
        style.dim("↕ ") + VisibleText.escaped(new[move.to].summary.project.title)
          + " is now number \(move.to + 1)")
    }
  }

  private func line(_ row: Row, at index: Int) -> String {
    Rows.line(
      format.project(row.summary, number: index + 1, timer: row.timer)
        + [
          Rows.due(row.periodsMissed),
          Sparkline.render(row.trend, kind: row.summary.project.kind, glyphs: console.style.glyphs)
            .trimmingCharacters(in: .whitespaces),
        ])
  }
}
