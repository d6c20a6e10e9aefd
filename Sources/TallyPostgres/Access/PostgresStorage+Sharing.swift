import Libpq
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
  ) throws(TallyError) -> AccessLevel {
    try transaction(doing: "share the project") { session in
      let title = try ownedTitle(project, doing: "share", on: session)
      guard try Self.roleExists(role, session) else {
        throw TallyError(
          .notFound,
          "there is no role \(VisibleText.quoted(role)) on the server; nothing was changed",
          hint: "Its administrator creates one per person: createuser NAME (and, for a team, "
            + "`tally team setup --member NAME`).")
      }
      try keepingAnOwner(of: title) {
        try session.rows(
          """
          INSERT INTO project_access (project_id, role_name, level)
          VALUES (\(project.rawValue), \(role), \(level.rawValue))
          ON CONFLICT (project_id, role_name) DO UPDATE SET level = excluded.level
          """)
      }
      let held = try session.value(
        """
        SELECT max(CASE a.level WHEN 'owner' THEN 3 WHEN 'write' THEN 2 ELSE 1 END)::BIGINT
        FROM project_access a JOIN pg_roles r ON r.rolname = a.role_name
        WHERE a.project_id = \(project.rawValue)
          AND pg_has_role(\(role)::TEXT::NAME, r.oid, 'MEMBER')
        """, as: Int64.self)
      return AccessLevel.allCases.first { Int64($0.rank) == held } ?? level
    }
  }

  public func unshare(_ project: ProjectID, from role: String) throws(TallyError) {
    try transaction(doing: "unshare the project") { session in
      let title = try ownedTitle(project, doing: "unshare", on: session)
      let removed = try keepingAnOwner(of: title) {
        try session.rows(
          """
          DELETE FROM project_access WHERE project_id = \(project.rawValue) AND role_name = \(role)
          RETURNING level
          """)
      }
      guard !removed.isEmpty else {
        throw TallyError(
          .notFound,
          "\(VisibleText.quoted(role)) holds no access of its own to \(VisibleText.quoted(title)); "
            + "nothing was changed",
          hint: "`tally share \(title)` lists who may use it (a group role's members have the "
            + "group's access).")
      }
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
        SELECT title, id = ANY(tally_project_ids(3)) FROM project
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

  /// Runs `change` to the grants of the project titled `title`, saying clearly when the
  /// server refuses it for leaving the project without an owner (nobody could share it again).
  @discardableResult
  private func keepingAnOwner<Result>(
    of title: String, _ change: () throws -> Result
  ) throws -> Result {
    do {
      return try change()
    } catch let error as PGError
      where error.message.hasSuffix("would be left without an owner")
    {
      throw TallyError(
        .conflict,
        "\(VisibleText.quoted(title)) would be left without an owner; nothing was changed",
        hint: "Make someone else its owner first: tally share \(title) ROLE --owner")
    }
  }
}
