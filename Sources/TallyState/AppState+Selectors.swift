public import TallyCore

extension AppState {
  /// The project whose title is `title`, ignoring case.
  public func project(titled title: String) -> ProjectSummary? {
    let key = Project.titleKey(title)
    return stored.projects.first { Project.titleKey($0.project.title) == key }
  }

  /// The project with id `id`.
  public func project(id: ProjectID) -> ProjectSummary? {
    stored.projects.first { $0.id == id }
  }

  /// The project that the route shows, if any: the nearest project segment from the top.
  public var routedProjectID: ProjectID? {
    Self.routedProjectID(in: navigation.route)
  }

  /// The nearest project segment from the top of `route`.
  public static func routedProjectID(in route: [Route]) -> ProjectID? {
    for segment in route.reversed() {
      if case .project(let id) = segment { return id }
    }
    return nil
  }

  /// The project and period of the report the route shows, if it shows one: the period of
  /// the screen's data, else the project's own (``Project/reportPeriod``).
  public var shownReport: (project: Project, period: ReportPeriod)? {
    let route = navigation.route
    guard route.last == .report, let id = routedProjectID, let project = project(id: id)?.project
    else { return nil }
    return (project, navigation.data(for: route)?.reportPeriod ?? project.reportPeriod)
  }

  /// The report in the state, if it is the one the route shows.
  public var reportOnScreen: ProjectReport? {
    guard let report, let shown = shownReport, report.project.id == shown.project.id,
      report.period == shown.period
    else { return nil }
    return report
  }

  /// The timer running for `projectID`, if one is.
  public func timer(for projectID: ProjectID) -> RunningTimer? {
    stored.timers.first { $0.projectID == projectID }
  }
}

extension AppState {
  /// The groups of the stored projects, by name ignoring case.
  public var groups: [ProjectGroup] {
    ProjectGroup.groups(of: stored.projects)
  }

  /// The group named `name`, ignoring case; `nil` when no project is in it.
  public func group(named name: String) -> ProjectGroup? {
    ProjectGroup.group(named: name, in: stored.projects)
  }

  /// `name` as the group of that name (ignoring case) spells it, for a project joining it;
  /// `name` itself when no project is in it yet, or only `except` is.
  public func groupSpelling(_ name: String, except: ProjectID? = nil) -> String {
    let others = stored.projects.filter { $0.id != except }
    return ProjectGroup.group(named: name, in: others)?.name ?? name
  }
}
