import Libpq
public import TallyCore

/// What `tally team setup` did, for its message.
public struct TeamSetup: Equatable, Sendable {
  /// The database, as the server names it.
  public var database: String
  /// The group role whose members may use tally there.
  public var group: String
  /// Whether the group role was created now (else it was there).
  public var createdGroup: Bool
  /// The roles made members now.
  public var members: [String]
}

extension PostgresStorage {
  /// Sets the database up for a team, as its owner (or a superuser): tally's tables and
  /// policies, the group role `group` (created if missing, which needs `CREATEROLE`), the
  /// privileges its members need and no one else has (`CONNECT` and `TEMPORARY` on the
  /// database and `CREATE` on the schema are taken from `PUBLIC`; see
  /// `PostgresMemberSchema.memberGrants`), and `members` made members of the group.
  ///
  /// Run it again after a newer tally added tables: it grants what is missing, in one
  /// transaction, and changes nothing when it fails.
  ///
  /// - Throws: ``TallyError`` when a member role does not exist or the role may not do this.
  public func setUpTeam(group: String, members: [String]) throws(TallyError) -> TeamSetup {
    try transaction(doing: "set the database up for a team") { session in
      let database = try session.value("SELECT current_database()::TEXT", as: String.self) ?? ""
      let schema = try session.value("SELECT current_schema()::TEXT", as: String.self) ?? "public"
      // Grants by anyone else would be warnings the server passes over: refuse instead.
      if let owner = try session.value(
        """
        SELECT pg_get_userbyid(datdba)::TEXT FROM pg_database
        WHERE datname = current_database() AND NOT pg_has_role(current_user, datdba, 'USAGE')
          AND NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
        """, as: String.self)
      {
        throw TallyError(
          .forbidden,
          "only the owner of \(database) (\(owner)) or a superuser may set it up for a team; "
            + "nothing was done",
          hint: "Run it as \(owner): tally --db postgresql://\(owner)@HOST/\(database) team setup")
      }
      let groupExists = try Self.roleExists(group, session)
      if !groupExists {
        try session.execute("CREATE ROLE \(Self.identifier(group)) NOLOGIN")
      }
      for member in members {
        guard try !Self.roleExists(member, session) else { continue }
        throw TallyError(
          .notFound,
          "there is no role \(VisibleText.quoted(member)) on the server; nothing was done",
          hint: "Create it first (one per person, with a password): createuser --pwprompt \(member)"
        )
      }
      let (g, d, s) = (Self.identifier(group), Self.identifier(database), Self.identifier(schema))
      for statement in [
        "REVOKE ALL ON DATABASE \(d) FROM PUBLIC",
        // TEMPORARY: an import stages its rows in a table of the connection's own.
        "GRANT CONNECT, TEMPORARY ON DATABASE \(d) TO \(g)",
        // Nobody else makes objects in tally's schema (PostgreSQL before 15 let everyone).
        "REVOKE CREATE ON SCHEMA \(s) FROM PUBLIC",
      ] + PostgresMemberSchema.memberGrants(to: g, in: s) {
        try session.execute(statement)
      }
      for member in members {
        try session.execute("GRANT \(g) TO \(Self.identifier(member))")
      }
      return TeamSetup(
        database: database, group: group, createdGroup: !groupExists, members: members)
    }
  }

  /// Whether the server has the role `role`.
  static func roleExists(_ role: String, _ session: PostgresSession) throws -> Bool {
    try session.value(
      "SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = \(role))", as: Bool.self) ?? false
  }

  /// `name` as an SQL identifier, quoted.
  static func identifier(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
