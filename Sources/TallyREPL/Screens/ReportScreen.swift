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
    console.line(TextWrap.wrap(console.style.dim(Self.commands), width: console.style.width))
  }

  private static let commands =
    "`period daily|weekly|monthly|quarterly|yearly` changes the period; `back` returns."

  /// The figures a small terminal shows: the count, the kind's headline and the goal's
  /// progress.
  private static func compact(_ report: ProjectReport) -> [ReportStatistic] {
    let headline: ReportStatistic =
      switch report.project.kind {
      case .total: .sum
      case .gauge: .last
      case .meter: .usage
      }
    return [.count, headline] + (report.rows.contains { $0.goal != nil } ? [.progress] : [])
  }

  /// The report as drawn: on a terminal, without the earliest periods that would push its
  /// title off the top (lines that wrap counted as the lines they take), and a line saying so.
  ///
  /// The latest periods that fit are found by halving: a handful of drawings of at most a
  /// screenful of periods each, however long the report.
  private func fitted(_ report: ProjectReport) -> String {
    let width = console.style.width
    let height = context.session.terminal.lines()
    // A terminal too small for one period's every figure gets the headline and the goal's
    // progress alone, so that a period is a row and not a record of ten.
    var statistics: [ReportStatistic]?
    /// The drawing of the latest `count` periods, and whether it fits.
    func drawing(_ count: Int) -> (text: String, fits: Bool) {
      var shown = report
      if count < report.rows.count {
        shown.rows = Array(report.rows.suffix(count))
        shown.hasEarlierPeriods = true
      }
      // The table's rows fit the width; its title and goal lines wrap at spaces.
      let table = TextWrap.wrap(
        ReportTable.render([shown], statistics: statistics, width: width), width: width)
      let note =
        shown.hasEarlierPeriods
        ? "The latest periods that fit, and their total; `tally report "
          + "\(VisibleText.escaped(CommandWords.quoted(shown.project.title))) --period "
          + "\(shown.period.rawValue)` shows all.\n" : ""
      // The table, the note, the line of commands under them and the prompt.
      let fits =
        width == nil
        || Screen.rows(of: table + note + Self.commands + "\n", width: width) + 1 <= height
      let dimmed = note.isEmpty ? "" : console.style.dim(String(note.dropLast())) + "\n"
      return (table + TextWrap.wrap(dimmed, width: width), fits)
    }
    guard width != nil, report.rows.count > 1 else { return drawing(report.rows.count).text }
    // A period takes a row at least: no more than a screenful can fit.
    var low = 1
    var high = min(report.rows.count, max(1, height))
    let most = drawing(high)
    if most.fits { return most.text }
    var least = drawing(low)
    if !least.fits {
      statistics = Self.compact(report)
      least = drawing(low)
      let most = drawing(high)
      if most.fits { return most.text }
    }
    var best = least.text
    while high - low > 1 {
      let middle = (low + high) / 2
      let attempt = drawing(middle)
      if attempt.fits {
        low = middle
        best = attempt.text
      } else {
        high = middle
      }
    }
    return best
  }
}
