import Libpq
import TallyCore

/// What the server's policies let this person do to projects, asked before a change so that a
/// refusal says which project and why; the policies decide either way.
struct PostgresAccess {
  let session: PostgresSession
  /// The person, as the server knows them.
  let user: String

  /// Refuses, naming the project and the person's level, when a project asks for more access
  /// than the person has.
  func require(_ required: [ProjectID: AccessLevel]) throws {
    guard !required.isEmpty else { return }
    let ids = required.keys.map(\.rawValue).sorted()
    let held = try session.rows(
      """
      SELECT p.id, p.title, p.id = ANY(tally_project_ids(2)), p.id = ANY(tally_project_ids(3))
      FROM project p WHERE p.id = ANY(\(ids))
      """)
    var levels: [ProjectID: (title: String, level: AccessLevel)] = [:]
    for row in held {
      let (id, title, writes, owns) = try row.decode((Int64, String, Bool, Bool).self)
      levels[ProjectID(rawValue: id)] = (title, owns ? .owner : writes ? .write : .read)
    }
    for (project, level) in required.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      // A project this person cannot see is one the change's plan did not find either, or one
      // deleted meanwhile: the write itself says so.
      guard let (title, held) = levels[project], held < level else { continue }
      let quoted = VisibleText.quoted(title)
      throw TallyError(
        .forbidden,
        level == .owner
          ? "only an owner of \(quoted) may change its settings or delete it; you may "
            + "\(held.meaning); nothing was changed"
          : "you may read \(quoted) but not change it; nothing was changed",
        hint: "An owner of \(quoted) can give you more: tally share \(title) "
          + "\(user) --\(level.rawValue) (`tally share \(title)` lists them).")
    }
  }
}
