import TallyCore
import TallyReports

extension Session {
  /// The projects of the group named `name` (`report --group`), ignoring case; `nil` without
  /// a name.
  ///
  /// - Throws: ``TallyError`` `.notFound` when no project is in the group.
  func groupProjects(_ name: String?) throws(TallyError) -> [Project]? {
    guard let name else { return nil }
    guard let group = store.state.group(named: name) else {
      let groups = store.state.groups.map(\.name)
      throw TallyError(
        .notFound, "there is no group named \(VisibleText.quoted(name))",
        hint: groups.isEmpty
          ? "Put a project in one with `tally project edit TITLE --group NAME`."
          : "The groups: \(groups.map(VisibleText.escaped).joined(separator: ", ")).")
    }
    return group.projects.map(\.project)
  }

  /// The combined rows of a group's reports, as one more report, after saying on standard
  /// error which projects they add up and which they leave out, and why.
  func combinedReport(ofGroup name: String, _ reports: [ProjectReport]) -> [ProjectReport] {
    let spelled = reports.lazy.compactMap(\.project.group).first ?? name
    let (combination, report) = CombinedReport.make(group: spelled, of: reports)
    let title = VisibleText.escaped(GroupCombination.title(ofGroup: spelled))
    var message: String
    if let report {
      let titles = reports.filter { combination.combined.contains($0.project.id) }
        .map { VisibleText.escaped($0.project.title) }
      let units =
        report.project.units.isEmpty ? "" : " in \(VisibleText.escaped(report.project.units))"
      message = "\(title) adds up the totals\(units) of \(titles.joined(separator: ", "))"
    } else {
      message =
        "No combined rows for \(VisibleText.escaped(spelled)): none of its projects is a total"
    }
    if !combination.leftOut.isEmpty {
      message += "; left out: " + combination.leftOut.map(\.sentence).joined(separator: "; ")
    }
    messages.status(message + ".")
    return report.map { [$0] } ?? []
  }
}
