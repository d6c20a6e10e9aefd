import Flow
import Foundation
import TallyCore
import TallyReports
import TallyState

/// A project's report: count, sum, min, max and mean per period, as a table that fits the
/// terminal.
///
/// The period is the screen's route data (`period weekly`); by default the project's
/// frequency. The application loads the report into the state when the route shows it; the
/// screen renders what the state holds.
final class ReportScreen: Screen, StoreSubscriber {
  let projectID: ProjectID

  init(projectID: ProjectID, context: ScreenContext, path: [Route], stack: ScreenStack) {
    self.projectID = projectID
    super.init(context: context, path: path, stack: stack)
  }

  override var commands: [String] { ["period"] + ReportPeriod.allCases.map(\.rawValue) }

  override func show() {
    store.subscribe(self) { state in state.reportOnScreen }
  }

  func newState(_ report: ProjectReport?) {
    guard let report else { return }
    console.write(fitted(report))
    console.line(console.style.dim(Self.commands))
  }

  private static let commands =
    "`period daily|weekly|monthly|quarterly|yearly` changes the period; `back` returns."

  /// The report as drawn: on a terminal, without the earliest periods that would push its
  /// title off the top (lines that wrap counted as the lines they take), and a line saying so.
  private func fitted(_ report: ProjectReport) -> String {
    let width = console.style.width
    let height = TextDisplay.terminalHeight(environment: ProcessInfo.processInfo.environment)
    var shown = report
    while true {
      let table = ReportTable.render([shown], width: width)
      let note =
        shown.hasEarlierPeriods
        ? "The latest periods that fit, and their total; `tally report "
          + "\(VisibleText.escaped(CommandWords.quoted(shown.project.title))) --period "
          + "\(shown.period.rawValue)` shows all.\n" : ""
      // The table, the note, the line of commands under them and the prompt.
      guard let width, shown.rows.count > 1,
        Self.lines(of: table + note + Self.commands + "\n", width: width) + 1 > height
      else {
        return table + (note.isEmpty ? "" : console.style.dim(String(note.dropLast())) + "\n")
      }
      shown.rows.removeFirst()
      shown.hasEarlierPeriods = true
    }
  }

  /// How many lines of a terminal `width` columns wide `text` takes.
  private static func lines(of text: String, width: Int) -> Int {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().reduce(0) {
      $0 + max(1, (DisplayWidth.of(String($1)) + width - 1) / max(1, width))
    }
  }
}
