import Flow
import Foundation
import TallyCore
import TallyReports

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
    console.write(ReportTable.render([report], width: console.style.width))
    if report.hasEarlierPeriods {
      console.line(
        console.style.dim(
          "The latest periods that fit the screen; `tally report "
            + "\(VisibleText.escaped(CommandWords.quoted(report.project.title))) --period \(report.period.rawValue)` "
            + "shows them all."))
    }
    console.line(
      console.style.dim(
        "`period daily|weekly|monthly|quarterly|yearly` changes the period; `back` returns."))
  }
}
