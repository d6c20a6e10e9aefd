/// A screen of tally, as a segment of the navigation route.
public enum Route: Hashable, Codable, Sendable {
  /// The project list.
  case home
  /// One project's readings.
  case project(ProjectID)
  /// A group's projects, by the group's name (compared ignoring case).
  case group(String)
  /// A report of the project below it on the route.
  case report
  /// The form for a new project.
  case newProject
  /// The form that edits the project below it on the route.
  case editProject
  /// The form that edits a reading.
  case editReading(ReadingID)
  /// Help.
  case help
}
