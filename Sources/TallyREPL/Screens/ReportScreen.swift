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
    // Muted (the REPL's start, before its one drawing), fitting the report would be wasted:
    // the screen renders whole when it is shown.
    guard let report, !console.isMuted else { return }
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
  /// Each period takes a line at least, so the drawing of one period tells how many more can
  /// fit at most: that many are drawn, and only when some wrap does a search by halving find
  /// the latest that fit. A handful of drawings of at most a screenful each, however long the
  /// report; usually two.
  private func fitted(_ report: ProjectReport) -> String {
    let width = console.style.width
    let height = context.session.terminal.lines()
    // A terminal too narrow for every figure gets those read most, so that a period is a row
    // and not a record of ten; one too short for a period's figures, the headline and the
    // goal's progress alone.
    var statistics = width.map {
      ReportTable.statistics(fitting: report, width: $0, rows: height) ?? Self.compact(report)
    }
    /// The drawing of the latest `count` periods, the rows it takes with the commands' line
    /// and the prompt under it, and whether that fits.
    func drawing(_ count: Int) -> (text: String, rows: Int, fits: Bool) {
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
      let rows = Screen.rows(of: table + note + Self.commands + "\n", width: width) + 1
      let dimmed = note.isEmpty ? "" : console.style.dim(String(note.dropLast())) + "\n"
      return (table + TextWrap.wrap(dimmed, width: width), rows, width == nil || rows <= height)
    }
    guard width != nil, report.rows.count > 1 else { return drawing(report.rows.count).text }
    // A report no longer than the screen may fit whole, without the note that leaves periods
    // out.
    if report.rows.count < height {
      let whole = drawing(report.rows.count)
      if whole.fits { return whole.text }
    }
    var least = drawing(1)
    if !least.fits {
      statistics = Self.compact(report)
      least = drawing(1)
    }
    // Each period past the first takes a line at least: no more can fit than the lines left.
    var low = 1
    var high = min(report.rows.count, max(1, height - least.rows + 1))
    guard high > low else { return least.text }
    let most = drawing(high)
    if most.fits { return most.text }
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
