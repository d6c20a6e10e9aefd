import PostgresNIO
public import TallyCore

extension PostgresStorage: StorageSharing {
  public func access(to project: ProjectID) throws(TallyError) -> [ProjectAccess] {
    try read(doing: "read who may use the project") { session in
      try session.rows(
        """
        SELECT role_name, level FROM project_access WHERE project_id = \(project.rawValue)
        ORDER BY CASE level WHEN 'owner' THEN 0 WHEN 'write' THEN 1 ELSE 2 END, role_name
        """
      ).map { row in
        let (role, level) = try row.decode((String, String).self)
        return ProjectAccess(role: role, level: AccessLevel(rawValue: level) ?? .read)
      }
    }
  }

  public func share(
    _ project: ProjectID, with role: String, level: AccessLevel
  ) throws(TallyError) {
    try transaction(doing: "share the project") { session in
      let title = try ownedTitle(project, doing: "share", on: session)
      let exists =
        try session.value(
          "SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = \(role))", as: Bool.self) ?? false
      guard exists else {
        throw TallyError(
          .notFound,
          "there is no role \(VisibleText.quoted(role)) on the server; nothing was changed",
          hint: "Its administrator creates one per person: createuser NAME (and, for a team, "
            + "`tally team setup --member NAME`).")
      }
      try session.rows(
        """
        INSERT INTO project_access (project_id, role_name, level)
        VALUES (\(project.rawValue), \(role), \(level.rawValue))
        ON CONFLICT (project_id, role_name) DO UPDATE SET level = excluded.level
        """)
      try expectAnOwner(of: project, title: title, on: session)
    }
  }

  public func unshare(_ project: ProjectID, from role: String) throws(TallyError) {
    try transaction(doing: "unshare the project") { session in
      let title = try ownedTitle(project, doing: "unshare", on: session)
      let removed = try session.rows(
        """
        DELETE FROM project_access WHERE project_id = \(project.rawValue) AND role_name = \(role)
        RETURNING level
        """)
      guard !removed.isEmpty else {
        throw TallyError(
          .notFound,
          "\(VisibleText.quoted(role)) holds no access of its own to \(VisibleText.quoted(title)); "
            + "nothing was changed",
          hint: "`tally share \(title)` lists who may use it (a group role's members have the "
            + "group's access).")
      }
      try expectAnOwner(of: project, title: title, on: session)
    }
  }

  /// The title of `project`, when this person owns it; else the reason they may not `action`
  /// it (which names a project only to someone who may read it).
  private func ownedTitle(
    _ project: ProjectID, doing action: String, on session: PostgresSession
  ) throws -> String {
    guard
      let (title, owns) = try session.row(
        """
        SELECT title, id IN (SELECT tally_projects(3)) FROM project
        WHERE id = \(project.rawValue)
        """, as: (String, Bool).self)
    else {
      throw TallyError(.notFound, "there is no project \(project)")
    }
    guard owns || bypassesPolicies else {
      throw TallyError(
        .forbidden,
        "only an owner of \(VisibleText.quoted(title)) may \(action) it; nothing was changed",
        hint: "`tally share \(title)` lists its owners.")
    }
    return title
  }

  /// Refuses a change that would leave `project` with no owner: nobody could share it again.
  private func expectAnOwner(
    of project: ProjectID, title: String, on session: PostgresSession
  ) throws {
    let owners =
      try session.value(
        """
        SELECT count(*)::BIGINT FROM project_access
        WHERE project_id = \(project.rawValue) AND level = 'owner'
        """, as: Int64.self) ?? 0
    guard owners > 0 else {
      throw TallyError(
        .conflict,
        "\(VisibleText.quoted(title)) would be left without an owner; nothing was changed",
        hint: "Make someone else its owner first: tally share \(title) ROLE --owner")
    }
  }
}
