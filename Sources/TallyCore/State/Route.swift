/// A screen of tally, as a segment of the navigation route.
public enum Route: Hashable, Codable, Sendable {
  /// The project list.
  case home
  /// One project's readings.
  case project(ProjectID)
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

/// What a screen keeps while it is shown: the fields of a form being filled in.
public struct RouteData: Equatable, Codable, Sendable {
  /// Field values by field name.
  public var fields: [String: String]

  /// Creates route data.
  public init(fields: [String: String] = [:]) {
    self.fields = fields
  }
}
