import Foundation
import TallyCore
public import TallyPostgres

/// The PostgreSQL server the tests may use: `TALLY_TEST_POSTGRES` names it (a role that may
/// create databases), and each test that wants one gets a new, empty database there.
public enum PostgresTestServer {
  /// The server, when the tests are given one.
  public static let address: PostgresAddress? = {
    guard let url = ProcessInfo.processInfo.environment["TALLY_TEST_POSTGRES"], !url.isEmpty
    else { return nil }
    return try? PostgresAddress(url: url, environment: [:], homeDirectory: "/", loginName: "tally")
  }()

  /// Why the PostgreSQL part is skipped, when it is.
  public static let skipReason =
    "TALLY_TEST_POSTGRES is not set: the PostgreSQL part of the tests was SKIPPED "
    + "(Tests/postgres/cluster.sh starts a server; .ci/run does)"

  /// A new, empty database on the server.
  public static func newDatabase() throws -> PostgresAddress {
    guard let address else { throw TallyError(.storage, skipReason) }
    let name =
      "tally_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    return try PostgresStorage.createDatabase(name, on: address)
  }

  /// The URL, password and all, of a new, empty database on the server, for the binary.
  public static func newDatabaseURL() throws -> String {
    url(of: try newDatabase())
  }

  /// The URL, password and all, of `address`.
  public static func url(of address: PostgresAddress) -> String {
    "postgresql://\(address.user):\(address.password ?? "")@\(address.host):"
      + "\(address.port)/\(address.database)"
  }

  /// The login role `name` on the test server, made if it is missing.
  ///
  /// It has the test server's password: a person of their own to the server. Roles are the server's, not a database's,
  /// so tests share them; a superuser sees past the policies, a role that is not one is bound.
  ///
  /// - Returns: The address of `database` (by default the server's) logged in as `name`.
  public static func person(
    _ name: String, superuser: Bool = false, in database: PostgresAddress? = nil
  ) throws -> PostgresAddress {
    guard let server = address else { throw TallyError(.storage, skipReason) }
    let password = (server.password ?? "").replacingOccurrences(of: "'", with: "''")
    // Two tests may make the same role at once: the loser finds it made.
    _ = try psql(
      url(of: server),
      """
      DO $$ BEGIN
        CREATE ROLE \(name) LOGIN \(superuser ? "SUPERUSER" : "") PASSWORD '\(password)';
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $$
      """)
    var person = database ?? server
    person.user = name
    return person
  }

  /// What psql did with a statement: its exit status, output and errors.
  public struct PsqlResult: Sendable {
    public var status: Int32
    public var output: String
    public var errors: String
  }

  /// Runs `sql` with psql in the database at `url`, and returns how it went, refusals too.
  public static func psqlResult(_ url: String, _ sql: String) throws -> PsqlResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
    process.arguments = ["-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", url, "-c", sql]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return PsqlResult(
      status: process.terminationStatus,
      output: String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
      errors: String(decoding: err, as: UTF8.self))
  }

  /// Runs `sql` with psql in the database at `url`, and returns what it printed, unaligned.
  public static func psql(_ url: String, _ sql: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
    process.arguments = ["-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", url, "-c", sql]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
