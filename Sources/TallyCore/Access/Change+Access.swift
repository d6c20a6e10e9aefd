extension Change {
  /// The level of access each project this change touches asks of the person who makes it.
  ///
  /// Changing what a project is (its title, units, kind, goals, ...) or deleting it needs its
  /// owner; its readings, timers and imports need write access. A project the change creates
  /// asks for nothing here: whoever may use tally may create one, and owns it.
  public var requiredAccess: [ProjectID: AccessLevel] {
    var required: [ProjectID: AccessLevel] = [:]
    collectRequiredAccess(into: &required)
    return required
  }

  private func collectRequiredAccess(into required: inout [ProjectID: AccessLevel]) {
    func need(_ level: AccessLevel, _ project: ProjectID) {
      required[project] = max(required[project] ?? .read, level)
    }
    switch self {
    case .insertProject:
      break
    case .deleteProject(let project):
      need(.owner, project.id)
    case .updateProject(let before, let after):
      var settings = after
      settings.updatedAt = before.updatedAt
      need(settings == before ? .write : .owner, after.id)
    case .batch(let changes):
      for change in changes { change.collectRequiredAccess(into: &required) }
    default:
      for project in projectIDs { need(.write, project) }
    }
  }
}
