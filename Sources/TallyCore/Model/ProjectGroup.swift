/// The projects that share a group name, ignoring case: `Household` holds Spend and Energy.
///
/// A group is no row of its own: it is the projects that name it. It shows under the spelling
/// its projects share, which is the first one's (a project that joins a group takes the
/// spelling the group has), or, should they differ, the spelling of the first by title.
public struct ProjectGroup: Equatable, Sendable {
  /// The group's name as shown.
  public var name: String
  /// Its projects, in the order they were given.
  public var projects: [ProjectSummary]

  /// Creates a group.
  public init(name: String, projects: [ProjectSummary]) {
    self.name = name
    self.projects = projects
  }

  /// What the group is compared by (``Project/groupKey(_:)``).
  public var key: String { Project.groupKey(name) }

  /// The groups of `projects`, by name ignoring case, each with its projects in the order
  /// given; projects in no group are left out.
  public static func groups(of projects: [ProjectSummary]) -> [ProjectGroup] {
    var order: [String] = []
    var members: [String: [ProjectSummary]] = [:]
    for summary in projects {
      guard let group = summary.project.group else { continue }
      let key = Project.groupKey(group)
      if members[key] == nil { order.append(key) }
      members[key, default: []].append(summary)
    }
    return order.compactMap { key in
      guard let projects = members[key] else { return nil }
      return ProjectGroup(name: spelling(of: projects), projects: projects)
    }.sorted { Project.groupKey($0.name) < Project.groupKey($1.name) }
  }

  /// The group named `name` among `projects`, ignoring case; `nil` when no project is in it.
  public static func group(named name: String, in projects: [ProjectSummary]) -> ProjectGroup? {
    let key = Project.groupKey(name)
    let members = projects.filter { $0.project.group.map(Project.groupKey) == key }
    guard !members.isEmpty else { return nil }
    return ProjectGroup(name: spelling(of: members), projects: members)
  }

  /// The spelling a group shows under: its first project's by title.
  private static func spelling(of projects: [ProjectSummary]) -> String {
    let first = projects.min { $0.project.title < $1.project.title }
    return first?.project.group ?? ""
  }

  /// The heading over the projects in no group, where lists show groups.
  public static let noGroupHeading = "No group"

  /// The projects as lists for people show them: under their groups.
  ///
  /// Each group's projects (by group name, ignoring case), then those in no group, each in
  /// the order given; each with the name of its group, or `nil`. Without groups, the projects
  /// as given.
  public static func listed(_ projects: [ProjectSummary]) -> [(
    group: String?, summary: ProjectSummary
  )] {
    let groups = groups(of: projects)
    return groups.flatMap { group in group.projects.map { (group.name, $0) } }
      + projects.filter { $0.project.group == nil }.map { (nil, $0) }
  }

  /// ``listed(_:)`` in an order that stays put: by group, then by title (ignoring case), so
  /// that a project's number on a screen means the same project tomorrow.
  public static func listedByTitle(_ projects: [ProjectSummary]) -> [(
    group: String?, summary: ProjectSummary
  )] {
    listed(inTitleOrder(projects))
  }

  /// `projects` by title, ignoring case, then by id.
  public static func inTitleOrder(_ projects: [ProjectSummary]) -> [ProjectSummary] {
    projects.sorted {
      (Project.titleKey($0.project.title), $0.id.rawValue)
        < (Project.titleKey($1.project.title), $1.id.rawValue)
    }
  }
}
