public import TallyCore

extension Route {
  /// Whether the route segment is a form, which is not reopened in a later run.
  public var isForm: Bool {
    switch self {
    case .newProject, .editProject, .editReading: true
    case .home, .project, .group, .report, .help: false
    }
  }

  /// Whether the route segment is a group's screen.
  public var isGroup: Bool {
    if case .group = self { return true }
    return false
  }

  /// The part of `route` worth reopening later: up to the first form or help (which is read
  /// through the pager: reopened at start, it would take the next line typed).
  public static func resumable(_ route: [Route]) -> [Route] {
    Array(route.prefix { !$0.isForm && $0 != .help })
  }

  /// The route to show at start for a saved one: its longest part that still makes sense with
  /// `projects` (a deleted project's screens are dropped), always starting at home.
  public static func restored(_ saved: [Route], projects: [ProjectSummary]) -> [Route] {
    var route: [Route] = [.home]
    for segment in resumable(saved).drop(while: { $0 == .home }) {
      switch segment {
      case .project(let id):
        guard route.last == .home || route.last?.isGroup == true,
          projects.contains(where: { $0.id == id })
        else {
          return route
        }
      case .group(let name):
        guard route.last == .home, projects.contains(where: { $0.project.isInGroup(name) }) else {
          return route
        }
      case .report:
        guard case .project = route.last else { return route }
      case .help:
        break
      case .home, .newProject, .editProject, .editReading:
        return route
      }
      route.append(segment)
    }
    return route
  }
}
