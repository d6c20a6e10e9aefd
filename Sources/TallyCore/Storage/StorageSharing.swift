/// A storage shared by several people, where the server decides who may read, change and own
/// each project: a PostgreSQL server with tally's row-level security policies.
public protocol StorageSharing: Storage {
  /// The person the server knows this session as (the role logged in as).
  var user: String { get }

  /// Who may use `project`, by role, as this person may see it (anyone who may read a project
  /// sees who else may).
  func access(to project: ProjectID) throws(TallyError) -> [ProjectAccess]

  /// Gives `role` (a person, or a group role whose members all get it) `level` on `project`,
  /// replacing what that role had: only an owner of the project may.
  ///
  /// - Returns: What the role may do now, its own grant and its groups' together: more than
  ///   `level` when a group it belongs to holds more.
  /// - Throws: ``TallyError`` when the role does not exist, this person does not own the
  ///   project, or the change would leave the project without an owner.
  func share(
    _ project: ProjectID, with role: String, level: AccessLevel
  ) throws(TallyError) -> AccessLevel

  /// Takes `role`'s own grant on `project` away (a grant through a group stays): only an owner
  /// may, and not the last owner's.
  ///
  /// - Throws: ``TallyError`` when the role holds no grant of its own on the project, this
  ///   person does not own it, or it would be left without an owner.
  func unshare(_ project: ProjectID, from role: String) throws(TallyError)
}
