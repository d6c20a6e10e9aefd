import Foundation
import TallyPostgres
import TestSupport

/// A database on the test server set up for a team with `tally team setup`, and a sandbox for
/// each person: `ana`, `bob` and `cyd` are login roles of their own (not superusers: the
/// server's policies bind them), members of this team's group.
final class TeamSandbox {
  /// The server's administrator (a superuser, who owns the tables).
  let admin: Sandbox
  /// The database.
  let database: PostgresAddress
  /// The team's group role, of this test alone.
  let group: String
  private var people: [String: Sandbox] = [:]

  init(members: [String] = ["ana", "bob", "cyd"]) throws {
    database = try PostgresTestServer.newDatabase()
    admin = try Sandbox()
    admin.environment["TALLY_DB"] = PostgresTestServer.url(of: database)
    group = "team_" + UUID().uuidString.prefix(8).lowercased()
    for name in members {
      _ = try PostgresTestServer.person(name)
    }
    try admin.succeed(
      ["team", "setup", "--group", group] + members.flatMap { ["--member", $0] })
  }

  /// The URL of the database as `name` logs in.
  func url(of name: String) throws -> String {
    PostgresTestServer.url(of: try PostgresTestServer.person(name, in: database))
  }

  /// A sandbox whose tally logs in as `name`.
  func person(_ name: String) throws -> Sandbox {
    if let sandbox = people[name] { return sandbox }
    let sandbox = try Sandbox()
    sandbox.environment["TALLY_DB"] = try url(of: name)
    people[name] = sandbox
    return sandbox
  }

  /// Runs `sql` in the database as `name`, through psql.
  func psql(as name: String, _ sql: String) throws -> String {
    try PostgresTestServer.psql(try url(of: name), sql)
  }
}

extension Sandbox {
  /// Runs tally with `arguments` (an array) and fails unless it succeeds.
  @discardableResult
  func succeed(_ arguments: [String]) throws -> String {
    let result = try tally.run(arguments, environment: environment)
    guard result.status == 0 else { throw Failed(arguments: arguments, result: result) }
    return result.stdout
  }
}
