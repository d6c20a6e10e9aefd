/// The part of the state that mirrors the database.
public struct Snapshot: Equatable, Sendable {
  /// Every project, most recently updated first.
  public var projects: [ProjectSummary]
  /// The running timers, by project id.
  public var timers: [RunningTimer]
  /// The readings of the project on screen, if one is.
  public var openProject: OpenProject?
  /// How each project stands at the time the data was read.
  ///
  /// Due readings and goals' current periods depend on the time, so the application works
  /// them out before the data reaches the state; empty as a storage reads it.
  public var standing: [ProjectID: ProjectStanding] = [:]

  /// Creates a snapshot.
  public init(
    projects: [ProjectSummary] = [], timers: [RunningTimer] = [], openProject: OpenProject? = nil
  ) {
    self.projects = projects
    self.timers = timers
    self.openProject = openProject
  }
}

/// The project on screen and its latest readings.
public struct OpenProject: Equatable, Sendable {
  /// The project.
  public var summary: ProjectSummary
  /// Its latest readings, newest first; at most a page of them.
  public var readings: [Reading]

  /// Creates an open project.
  public init(summary: ProjectSummary, readings: [Reading]) {
    self.summary = summary
    self.readings = readings
  }

  /// Whether the project has readings beyond those shown.
  public var hasMore: Bool { summary.readingCount > readings.count }
}
