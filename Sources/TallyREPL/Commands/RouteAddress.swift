import TallyCore
import TallyState

/// Routes as people name them: `open 2`, `open Mileage`, `go home/Mileage/report`, and the
/// breadcrumb of the prompt.
enum RouteAddress {
  /// The project a person names: its number on the home screen, its title, or the start of
  /// one title alone (`open Mil`); a near miss is named in the refusal.
  static func project(_ name: String, in state: AppState) throws(TallyError) -> ProjectSummary {
    let projects = ProjectGroup.listedByTitle(state.stored.projects).map(\.summary)
    if let number = Int(name) {
      guard projects.indices.contains(number - 1) else {
        throw TallyError(
          .notFound,
          projects.isEmpty
            ? "there are no projects to open" : "there is no project number \(number)",
          hint: projects.isEmpty
            ? "`new` creates one." : "The home screen numbers them 1 to \(projects.count).")
      }
      return projects[number - 1]
    }
    if let project = state.project(titled: name) { return project }
    let key = Project.titleKey(name)
    let starting = projects.filter { Project.titleKey($0.project.title).hasPrefix(key) }
    if starting.count == 1, let project = starting.first { return project }
    guard starting.isEmpty else {
      throw TallyError(
        .invalidInput,
        "\(VisibleText.quoted(name)) starts \(starting.count) titles: "
          + starting.map { VisibleText.quoted($0.project.title) }.joined(separator: ", "),
        hint: "Type more of the title, or its number on the home screen.")
    }
    let meant = NearestWord.to(name, among: projects.map(\.project.title))
    throw TallyError(
      .notFound,
      "there is no project titled \(VisibleText.quoted(name))"
        + (meant.map { "; did you mean \(VisibleText.quoted($0))?" } ?? ""),
      hint: "`home` lists the projects; Tab completes their titles.")
  }

  /// The screen `open NAME` opens from home: the project numbered or titled `name`, else the
  /// group named `name`.
  static func projectOrGroup(_ name: String, in state: AppState) throws(TallyError) -> Route {
    if Int(name) == nil, state.project(titled: name) == nil, let group = state.group(named: name) {
      return .group(group.name)
    }
    do {
      return .project(try project(name, in: state).id)
    } catch  where error.kind == .notFound && Int(name) == nil && !state.groups.isEmpty {
      let names = state.stored.projects.map(\.project.title) + state.groups.map(\.name)
      let meant = NearestWord.to(name, among: names)
      throw TallyError(
        .notFound,
        "there is no project titled or group named \(VisibleText.quoted(name))"
          + (meant.map { "; did you mean \(VisibleText.quoted($0))?" } ?? ""),
        hint: "`home` lists the projects and groups; Tab completes their names.")
    }
  }

  /// The project a person names on a group's screen: its number there, or the title of any
  /// project.
  static func project(
    _ name: String, inGroup group: String, in state: AppState
  ) throws(TallyError) -> ProjectSummary {
    let members = ProjectGroup.inTitleOrder(state.group(named: group)?.projects ?? [])
    guard let number = Int(name) else { return try project(name, in: state) }
    guard members.indices.contains(number - 1) else {
      throw TallyError(
        .notFound, "there is no project number \(number) in \(VisibleText.quoted(group))",
        hint: members.isEmpty ? nil : "The group's screen numbers them 1 to \(members.count).")
    }
    return members[number - 1]
  }

  /// The route a path names, starting at home either way.
  ///
  /// Its segments are separated by `/`, each `home`, a project's number or title, `report`
  /// (after a project) or `help`.
  static func route(_ path: String, in state: AppState) throws(TallyError) -> [Route] {
    var route: [Route] = [.home]
    let names = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    for (index, name) in names.enumerated() {
      switch name.lowercased() {
      case "home" where index == 0:
        continue
      case "help":
        route.append(.help)
      case "report":
        guard case .project = route.last else {
          throw TallyError(
            .invalidInput, "in '\(path)', report must follow a project: go home/Mileage/report")
        }
        route.append(.report)
      default:
        if case .group(let group) = route.last {
          route.append(.project(try project(name, inGroup: group, in: state).id))
          continue
        }
        guard route.last == .home else {
          throw TallyError(
            .invalidInput, "in '\(path)', '\(name)' cannot follow '\(names[index - 1])'")
        }
        route.append(try projectOrGroup(name, in: state))
      }
    }
    return route
  }

  /// The names of a route's screens, for the prompt: `tally › Mileage › report`.
  static func breadcrumb(_ route: [Route], in state: AppState) -> [String] {
    var names = ["tally"]
    for segment in route {
      switch segment {
      case .home: continue
      case .project(let id): names.append(state.project(id: id)?.project.title ?? "\(id)")
      case .group(let name): names.append(state.group(named: name)?.name ?? name)
      case .report: names.append("report")
      case .help: names.append("help")
      case .newProject: names.append("new project")
      case .editProject: names.append("edit")
      case .editReading(let id): names.append("edit #\(id.rawValue)")
      }
    }
    return names
  }
}
