/// How far a person may use a project on a shared server: each level holds the ones below.
public enum AccessLevel: String, CaseIterable, Comparable, Codable, Sendable {
  /// List it, report on it, export it, see it in the REPL.
  case read
  /// Also add, edit and delete its readings, run its timers, import into it, undo one's own
  /// changes to it.
  case write
  /// Also change its settings and goals, share it, delete it.
  case owner

  /// The number the server's policies compare (1, 2, 3).
  public var rank: Int {
    switch self {
    case .read: 1
    case .write: 2
    case .owner: 3
    }
  }

  public static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool {
    lhs.rank < rhs.rank
  }

  /// What the level lets a person do, for messages.
  public var meaning: String {
    switch self {
    case .read: "read it"
    case .write: "read and change its readings"
    case .owner: "change, share and delete it"
    }
  }
}

/// One grant of access to a project: a role (a person, or a group whose members all have it)
/// and its level.
public struct ProjectAccess: Equatable, Sendable {
  /// The PostgreSQL role.
  public var role: String
  /// What the role may do.
  public var level: AccessLevel

  /// Creates a grant.
  public init(role: String, level: AccessLevel) {
    self.role = role
    self.level = level
  }
}
