import Flow
import Foundation
import TallyCore
import TallyReports

/// A project's report: count, sum, min, max and mean per period.
///
/// It is a table that fits the terminal. The period is the screen's route data (`period weekly`); by default the project's
/// frequency.
final class ReportScreen: Screen, StoreSubscriber {
  /// What the report screen shows: the report is read again when the project or period changes.
  struct View: Equatable {
    var summary: ProjectSummary?
    var period: ReportPeriod?
  }

  let projectID: ProjectID

  init(projectID: ProjectID, context: ScreenContext, path: [Route], stack: ScreenStack) {
    self.projectID = projectID
    super.init(context: context, path: path, stack: stack)
  }

  override var commands: [String] { ["period"] + ReportPeriod.allCases.map(\.rawValue) }

  override func show() {
    let id = projectID
    let path = path
    store.subscribe(self) { state in
      View(
        summary: state.project(id: id),
        period: state.navigation.data(for: path)?.fields["period"].flatMap(ReportPeriod.init))
    }
  }

  func newState(_ view: View) {
    guard let summary = view.summary else { return }
    let period = view.period ?? ReportPeriod(summary.project.frequency)
    do {
      let report = try context.services.report(summary.project, period)
      console.write(ReportTable.render([report], width: console.style.width))
      console.line(
        console.style.dim(
          "`period daily|weekly|monthly|quarterly|yearly` changes the period; `back` returns."))
    } catch {
      console.error(error)
    }
  }
}
