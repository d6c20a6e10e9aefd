import Flow
import Foundation
import TallyApp
import TallyCore
import TallyReports

/// A group's screen: its projects, numbered for `open N`, and a sparkline of the totals that
/// add up (``GroupCombination``), with the projects it leaves out and why.
final class GroupScreen: Screen, StoreSubscriber {
  /// What the group's screen shows: its projects with their trends.
  struct View: Equatable {
    /// The group as the projects spell it; `nil` when no project is in it any more.
    var name: String?
    var rows: [HomeScreen.Row]
  }

  let group: String
  private var shown: View?

  init(group: String, context: ScreenContext, path: [Route], stack: ScreenStack) {
    self.group = group
    super.init(context: context, path: path, stack: stack)
  }

  override var commands: [String] { ["open", "report"] }

  override func show() {
    let group = group
    store.subscribe(self) { state in
      let found = state.group(named: group)
      return View(
        name: found?.name,
        rows: ProjectGroup.inTitleOrder(found?.projects ?? []).map { summary in
          HomeScreen.Row(
            summary: summary, group: found?.name, timer: state.timer(for: summary.id),
            periodsMissed: state.stored.standing[summary.id]?.periodsMissed,
            trend: state.stored.standing[summary.id]?.trend ?? [])
        })
    }
  }

  override func didDeactivate() {
    shown = nil
  }

  func newState(_ view: View) {
    // A change redraws the screen: a group holds few projects.
    guard view != shown else { return }
    shown = view
    render(view)
  }

  private func render(_ view: View) {
    guard let name = view.name, !view.rows.isEmpty else {
      console.line(
        "No project is in the group \(VisibleText.quoted(group)) now. "
          + "`project edit TITLE --group NAME` puts one in it; `home` lists the projects.")
      return
    }
    let style = console.style
    let count = view.rows.count == 1 ? "1 project" : "\(view.rows.count) projects"
    let heading =
      TextWrap.wrap(style.bold("\(VisibleText.escaped(name)) · \(count)"), width: style.width)
      + "\n"
    let combined = combinedText(name, view.rows)
    // The heading and the combined lines always show; the projects take the rows left, as
    // many as fit, and a line says how many there are when that is fewer.
    var shown = view.rows.count
    while true {
      let text = heading + table(Array(view.rows.prefix(shown)), of: view.rows.count) + combined
      guard let limit = terminalRows, shown > 1,
        Screen.rows(of: text, width: style.width) > limit
      else { return console.write(text) }
      shown = max(1, shown - max(1, (shown + 3) / 4))
    }
  }

  /// The table of the `shown` projects of `total`, and a line saying how many there are when
  /// it shows fewer.
  private func table(_ shown: [HomeScreen.Row], of total: Int) -> String {
    let style = console.style
    var table = TextTable(columns: [
      .init("#", .right), .init("TITLE", .text), .init("UNITS", .text), .init("FREQUENCY"),
      .init("READINGS", .right), .init("LAST READING"),
    ])
    let rows = Rows(zone: context.session.zone)
    for (index, row) in shown.enumerated() {
      table.append(Array(rows.project(row.summary, number: index + 1, timer: nil).dropLast()))
    }
    table.appendSparklines(
      shown.map { ($0.trend, $0.summary.project.kind) }, width: style.width,
      glyphs: style.glyphs)
    var text = table.render(width: style.width)
    if shown.count < total {
      text +=
        TextWrap.wrap(
          style.dim("Projects 1 to \(shown.count) of \(total); `open N` opens any."),
          width: style.width) + "\n"
    }
    return text
  }

  /// The combined sparkline: each period's sum over the totals that add up, the trends
  /// aligned at the running period (they share their report period), and the projects left
  /// out, each line ending in a line break.
  private func combinedText(_ name: String, _ rows: [HomeScreen.Row]) -> String {
    var text = ""
    let projects = rows.map(\.summary.project)
    let combination = GroupCombination(projects.map { ($0, $0.reportPeriod) })
    let combined = rows.filter { combination.combined.contains($0.summary.id) }
    let trend = Self.sum(combined.map(\.trend))
    // Without figures in the trends' window, no line: an empty sparkline says nothing.
    if let period = combination.period, let first = combined.first?.summary.project,
      trend.contains(where: { $0 != nil })
    {
      let project = Project(
        id: ProjectID(rawValue: -1), title: GroupCombination.title(ofGroup: name),
        units: combination.units, frequency: period, kind: .total,
        createdAt: first.createdAt, updatedAt: first.updatedAt)
      // "Household (all), EUR per month: ▁▂▃" in place of "Trend, EUR per month: …".
      let title = VisibleText.escaped(project.title)
      let width = console.style.width.map { $0 - max(0, title.count - "Trend".count) }
      if let line = Rows.trend(trend, of: project, width: width, glyphs: console.style.glyphs) {
        text += title + line.dropFirst("Trend".count) + "\n"
      }
    }
    if !combination.leftOut.isEmpty {
      text +=
        TextWrap.wrap(
          console.style.dim(
            "Not added up: " + combination.leftOut.map(\.sentence).joined(separator: "; ")
              + "."), width: console.style.width) + "\n"
    }
    return text
  }

  /// The trends summed period by period, aligned at their ends; a period none has figures
  /// for is a gap.
  static func sum(_ trends: [[Double?]]) -> [Double?] {
    let length = trends.map(\.count).max() ?? 0
    return (0..<length).map { index in
      let values = trends.compactMap { trend -> Double? in
        let offset = index - (length - trend.count)
        return offset >= 0 ? trend[offset] : nil
      }
      return values.isEmpty ? nil : values.reduce(0, +)
    }
  }
}
