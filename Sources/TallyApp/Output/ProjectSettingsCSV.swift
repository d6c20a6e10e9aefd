import Foundation
import TallyCore
import TallyFiles
import TallyImport
import TallyReports

/// The projects' settings as CSV, one project a row, in the columns
/// ``ProjectSettingsFile`` reads back: the other half of a whole export.
enum ProjectSettingsCSV {
  /// The file's text for `projects`, in title order; times in `zone`.
  ///
  /// A project's goal is its current one, with the instant it judges from when that is not
  /// every period (`goal_since`); the goals it had before stay in backups.
  static func render(_ projects: [Project], zone: TimeZone) -> String {
    var text = CSVWriter.line(ProjectSettingsFile.columns)
    for project in projects.sorted(by: { Project.titleKey($0.title) < Project.titleKey($1.title) })
    {
      let goal = project.goal
      let since = goal == nil ? nil : project.goals.judgingStarts.last ?? nil
      text += CSVWriter.line([
        CSVWriter.text(project.title), CSVWriter.text(project.units), project.frequency.rawValue,
        project.kind.rawValue, project.decimals.map(String.init) ?? "",
        CSVWriter.text(project.group ?? ""), goal.map { AmountFormat.exact($0.amount) } ?? "",
        goal?.per.rawValue ?? "", goal?.direction.rawValue ?? "",
        since.map { TimestampFormat.iso8601($0, in: zone) } ?? "",
      ])
    }
    return text
  }
}

extension Session {
  /// Writes the settings of every project into `path`, whole or not at all.
  func writeProjectSettings(to path: String) throws(TallyError) {
    try AtomicFile.write(
      ProjectSettingsCSV.render(store.state.stored.projects.map(\.project), zone: zone), to: path,
      hint: "Name a file for --projects.")
  }
}
