public import TallyCore
public import TallyPostgres
import TallyReports
import TallyState

/// Who may use which project on a shared server: `tally share`, `unshare` and `team setup`.
///
/// The server's policies decide; these say what they were asked and what they answered.
public enum Sharing {
  /// A project's title and who may use it.
  public struct Listing: Equatable, Sendable {
    /// The project's title.
    public var title: String
    /// The grants, owners first.
    public var access: [ProjectAccess]

    /// The grants as a table (`ROLE`, `ACCESS`) that fits `width` columns: role names are a
    /// server's, and may hold anything PostgreSQL takes in quotes.
    public func table(width: Int?) -> String {
      var table = TextTable(columns: [.init("ROLE", .text), .init("ACCESS")])
      for grant in access {
        table.append([grant.role, grant.level.rawValue])
      }
      return table.render(width: width)
    }
  }

  /// Who may use the project titled `title`.
  public static func list(_ title: String, options: SessionOptions) throws(TallyError) -> Listing {
    let (storage, project) = try open(options, project: title)
    return Listing(title: project.title, access: try storage.access(to: project.id))
  }

  /// Gives `role` `level` on the project titled `title`.
  ///
  /// - Returns: The message.
  public static func share(
    _ title: String, with role: String, level: AccessLevel, options: SessionOptions
  ) throws(TallyError) -> String {
    let (storage, project) = try open(options, project: title)
    let held = try storage.share(project.id, with: role, level: level)
    var message = "Shared \(project.title) with \(role): they may \(level.meaning)"
    if held > level {
      message +=
        "; through a group they belong to they may also \(held.meaning) "
        + "(`tally share \(project.title)` lists the grants)"
    }
    return message
  }

  /// Takes `role`'s grant on the project titled `title` away.
  ///
  /// - Returns: The message.
  public static func unshare(
    _ title: String, from role: String, options: SessionOptions
  ) throws(TallyError) -> String {
    let (storage, project) = try open(options, project: title)
    try storage.unshare(project.id, from: role)
    return "\(role) no longer has access of its own to \(project.title)"
  }

  /// Sets the server database of `options` up for a team.
  public static func setUpTeam(
    group: String, members: [String], options: SessionOptions
  ) throws(TallyError) -> TeamSetup {
    guard let server = try options.open().server else { throw notShared }
    return try server.setUpTeam(group: group, members: members)
  }

  private static func open(
    _ options: SessionOptions, project title: String
  ) throws(TallyError) -> (any StorageSharing, Project) {
    guard let storage: any StorageSharing = try options.open().server else { throw notShared }
    guard
      let project = AppState(stored: try storage.snapshot(openProject: nil)).project(
        titled: title)?.project
    else {
      throw TallyError(.notFound, "there is no project titled \(VisibleText.quoted(title))")
    }
    return (storage, project)
  }

  private static var notShared: TallyError {
    TallyError(
      .invalidInput, "sharing needs a shared server: this database is a SQLite file",
      hint: "Name a PostgreSQL database with --db or TALLY_DB (postgresql://…); a SQLite file is "
        + "shared through its file's permissions.")
  }
}
