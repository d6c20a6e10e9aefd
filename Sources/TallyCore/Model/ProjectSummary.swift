/// What the project list shows of a project: the project and its readings at a glance.
public struct ProjectSummary: Identifiable, Hashable, Codable, Sendable {
  /// The project.
  public var project: Project
  /// How many readings it has.
  public var readingCount: Int
  /// The time of its latest reading, if any.
  public var lastReadingAt: Timestamp?

  /// Creates a summary.
  public init(project: Project, readingCount: Int, lastReadingAt: Timestamp?) {
    self.project = project
    self.readingCount = readingCount
    self.lastReadingAt = lastReadingAt
  }

  /// The project's id.
  public var id: ProjectID { project.id }
}
