import Foundation
import TestSupport
import Testing

/// tally on a shared PostgreSQL server, through the binary.
///
/// Logins, per-person undo, refusals, migration. Runs when `TALLY_TEST_POSTGRES` names a server (as in `.ci/run`).
@Suite(
  .enabled(
    if: PostgresTestServer.address != nil, Comment(rawValue: PostgresTestServer.skipReason)))
struct PostgresEndToEndTests {
  /// The test server's URL with `password` in place of the real one.
  private func url(password: String, database: String = "postgres", query: String = "") -> String {
    let address = PostgresTestServer.address
    return "postgresql://\(address?.user ?? ""):\(password)@\(address?.host ?? ""):"
      + "\(address?.port ?? 0)/\(database)\(query)"
  }

  @Test func aWrongPasswordIsRefusedWithoutPrintingIt() throws {
    let sandbox = try Sandbox()
    sandbox.environment["TALLY_DB"] = url(password: "hunter2-wrong")
    let result = try sandbox.run("project", "list")
    #expect(result.status == 1)
    #expect(result.stderr.contains("cannot log in to postgresql://"))
    #expect(!result.stderr.contains("hunter2"))
  }

  @Test func aServerThatIsNotThereIsAClearError() throws {
    let sandbox = try Sandbox()
    sandbox.environment["TALLY_DB"] = "postgresql://someone:s3cret-pw@127.0.0.1:9/tally"
    let result = try sandbox.run("project", "list")
    #expect(result.status == 1)
    #expect(result.stderr.contains("cannot be reached"))
    #expect(result.stderr.contains("postgresql://someone@127.0.0.1:9/tally"))
    #expect(!result.stderr.contains("s3cret"))
  }

  @Test func anUnknownSSLModeIsRefusedNamingIt() throws {
    let sandbox = try Sandbox()
    sandbox.environment["TALLY_DB"] = url(password: "s3cret-pw", query: "?sslmode=maybe")
    let result = try sandbox.run("project", "list")
    #expect(result.status != 0)
    #expect(result.stderr.contains(#"invalid sslmode value: "maybe""#))
    #expect(!result.stderr.contains("s3cret"))
  }

  /// The test server's URL without its password, and the password.
  private func passwordless(database: String) throws -> (url: String, password: String) {
    let server = try #require(PostgresTestServer.address)
    return (
      "postgresql://\(server.user)@\(server.host):\(server.port)/\(database)",
      try #require(server.password)
    )
  }

  @Test func thePasswordFileAndAServiceFileAreReadAsPsqlReadsThem() throws {
    let sandbox = try Sandbox(.postgres)
    let database = try #require(URLComponents(string: sandbox.environment["TALLY_DB"] ?? ""))
      .path.dropFirst()
    let (bare, password) = try passwordless(database: String(database))
    let server = try #require(PostgresTestServer.address)
    let home = sandbox.folder.path
    let passwordFile = sandbox.folder.appendingPathComponent(".pgpass")
    try "\(server.host):\(server.port):\(database):\(server.user):\(password)\n".write(
      to: passwordFile, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600], ofItemAtPath: passwordFile.path)
    sandbox.environment["HOME"] = home
    sandbox.environment["TALLY_DB"] = bare
    try sandbox.succeed("project", "add", "Pages", "--frequency", "daily")
    try """
    [team]
    host=\(server.host)
    port=\(server.port)
    dbname=\(database)
    user=\(server.user)
    """.write(
      to: sandbox.folder.appendingPathComponent(".pg_service.conf"), atomically: true,
      encoding: .utf8)
    sandbox.environment["TALLY_DB"] = "postgresql://?service=team"
    #expect(try sandbox.succeed("project", "list", "--format", "csv").contains("Pages,"))
    sandbox.environment["TALLY_DB"] = "postgresql://"
    sandbox.environment["PGSERVICE"] = "team"
    #expect(try sandbox.succeed("project", "list", "--format", "csv").contains("Pages,"))
    sandbox.environment["PGSERVICE"] = "nowhere"
    let missing = try sandbox.run("project", "list")
    #expect(missing.status != 0 && missing.stderr.contains(#"service "nowhere" not found"#))
    #expect(missing.stderr.contains("PGSERVICEFILE"), "\(missing.stderr)")
    // A file libpq cannot read is said to be one, not a server that took no connection.
    try "[team]\nbogus\n".write(
      to: sandbox.folder.appendingPathComponent("broken.conf"), atomically: true,
      encoding: .utf8)
    sandbox.environment["PGSERVICEFILE"] =
      sandbox.folder.appendingPathComponent("broken.conf")
      .path
    sandbox.environment["PGSERVICE"] = "team"
    let broken = try sandbox.run("project", "list")
    #expect(broken.status == 1)
    #expect(broken.stderr.contains("syntax error in service file"), "\(broken.stderr)")
    #expect(!broken.stderr.contains("took the connection"), "\(broken.stderr)")
  }

  @Test func aURLOfSeveralHostsWritesToTheOneThatAcceptsWrites() throws {
    let sandbox = try Sandbox(.postgres)
    let server = try #require(PostgresTestServer.address)
    let written = try #require(URLComponents(string: sandbox.environment["TALLY_DB"] ?? ""))
    let password = try #require(server.password)
    // Port 9 refuses; libpq goes on to the next host, as psql does.
    sandbox.environment["TALLY_DB"] =
      "postgresql://\(server.user):\(password)@127.0.0.1:9,\(server.host):\(server.port)"
      + "\(written.path)?target_session_attrs=read-write&connect_timeout=2"
    try sandbox.succeed("project", "add", "Miles", "--frequency", "daily")
    #expect(try sandbox.succeed("project", "list", "--format", "csv").contains("Miles,"))
    sandbox.environment["TALLY_DB"] =
      "postgresql://\(server.user):\(password)@127.0.0.1:9,127.0.0.1:19/x?connect_timeout=2"
    let nowhere = try sandbox.run("project", "list")
    #expect(nowhere.status == 1)
    #expect(nowhere.stderr.contains("postgresql://\(server.user)@127.0.0.1:9,127.0.0.1:19/x"))
    #expect(!nowhere.stderr.contains(password))
  }

  @Test func sslmodeRequireConnectsOverTLS() throws {
    let sandbox = try Sandbox(.postgres)
    let plain = sandbox.environment["TALLY_DB"] ?? ""
    sandbox.environment["TALLY_DB"] = plain + "?sslmode=require"
    try sandbox.succeed("project", "add", "Secure", "--frequency", "daily")
    sandbox.environment["TALLY_DB"] = plain
    #expect(try sandbox.succeed("project", "list", "--format", "csv").contains("Secure,"))
  }

  /// ana and bob, each their own role, both writing to ana's project Hours.
  private func sharedHours() throws -> (TeamSandbox, ana: Sandbox, bob: Sandbox) {
    let team = try TeamSandbox(members: ["ana", "bob"])
    let (ana, bob) = (try team.person("ana"), try team.person("bob"))
    try ana.succeed("project", "add", "Hours", "--frequency", "weekly")
    try ana.succeed("share", "Hours", "bob", "--write")
    return (team, ana, bob)
  }

  @Test func undoAndRedoArePerPerson() throws {
    let (_, ana, bob) = try sharedHours()
    try ana.succeed("item", "add", "Hours", "3", "--at", "2024-01-01")
    try bob.succeed("item", "add", "Hours", "5", "--at", "2024-01-02")
    let undone = try ana.run("undo")
    #expect(undone.status == 0)
    #expect(undone.stderr.contains("Undid: Added reading 1 to Hours: 3"))
    let amounts = try bob.succeed("item", "list", "Hours", "--format", "csv")
    #expect(!amounts.contains(",3,") && amounts.contains(",5,"))
    // ana's log names bob's change as his.
    let log = try ana.succeed("log")
    #expect(log.contains("bob: Added reading 2 to Hours: 5"))
    #expect(try ana.run("redo").status == 0)
    #expect(try bob.succeed("item", "list", "Hours", "--format", "csv").contains(",3,"))
    // bob's undo takes back bob's reading, not ana's that came back after it.
    #expect(try bob.run("undo").stderr.contains("Undid: Added reading 2 to Hours: 5"))
  }

  @Test func undoRefusesWhatSomeoneElseChangedSince() throws {
    let (_, ana, bob) = try sharedHours()
    try ana.succeed("item", "add", "Hours", "3", "--at", "2024-01-01")
    try bob.succeed("item", "edit", "1", "--amount", "4")
    let before = try ana.everything()
    let undone = try ana.run("undo")
    #expect(undone.status == 1)
    #expect(undone.stderr.contains("someone else has changed reading 1 since; nothing was changed"))
    #expect(try ana.everything() == before)
  }

  @Test func anImportIsNotUndoneOverSomeoneElsesEditOfItsReadings() throws {
    let (_, ana, bob) = try sharedHours()
    let file = ana.folder.appendingPathComponent("two.csv")
    try "date,amount\n2024-01-01,10\n2024-01-02,20\n".write(
      to: file, atomically: true, encoding: .utf8)
    try ana.succeed("import", file.path, "--project", "Hours")
    try bob.succeed("item", "edit", "2", "--amount", "25")
    let before = try ana.everything()
    for words in [["undo"], ["import", "undo", "1"]] {
      let result = try ana.tally.run(words, environment: ana.environment)
      #expect(result.status == 1)
      #expect(
        result.stderr.contains(
          "someone else has changed reading 2 of import 1 (bob edited it) since; nothing was "
            + "changed"), "\(words): \(result.stderr)")
      #expect(try ana.everything() == before)
    }
  }

  @Test func aDatabaseWithOtherTablesIsRefusedAndLeftAlone() throws {
    let sandbox = try Sandbox(.postgres)
    let database = sandbox.environment["TALLY_DB"] ?? ""
    try psql(database, "CREATE TABLE invoices (id INT); INSERT INTO invoices VALUES (7)")
    let file = sandbox.folder.appendingPathComponent("one.csv")
    try "date,amount\n2024-01-01,10\n".write(to: file, atomically: true, encoding: .utf8)
    // Every command, reading or writing, refuses it.
    for words in [
      ["project", "add", "X", "--frequency", "daily"], ["project", "list"], ["report", "--all"],
      ["export"], ["log"], ["due"], ["check"], ["undo"], ["import", "list"],
      ["import", file.path, "--project", "X", "--create", "--frequency", "daily"],
      ["share", "X"], ["team", "setup"], ["restore", file.path],
    ] {
      let result = try sandbox.tally.run(words, environment: sandbox.environment)
      #expect(result.status == 1, "\(words)")
      #expect(
        result.stderr.contains("holds 1 table and none of tally's; it was left untouched"),
        "\(words): \(result.stderr)")
    }
    #expect(
      try psql(
        database,
        "SELECT string_agg(table_name, ',') FROM information_schema.tables "
          + "WHERE table_schema = 'public'") == "invoices")
  }

  /// Into a project that holds a reading the rows are staged first; into an empty one they
  /// stream straight into the readings table.
  @Test(arguments: [true, false]) func aKilledImportLeavesNothingOfIt(holdsAReading: Bool) throws {
    let sandbox = try Sandbox(.postgres)
    let file = try sandbox.bigImportFile(rows: 300_000, holdsAReading: holdsAReading)
    let before = try sandbox.everything()
    // Killed once the server has taken some of the import's rows.
    let process = try sandbox.startImport(file, standardError: FileHandle.nullDevice)
    #expect(process.isRunning, "the import ended before it could be killed")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(try sandbox.everything() == before)
    // Nothing is held: the same import then runs through.
    #expect(try sandbox.run("import", file.path, "--project", "Big").status == 0)
    #expect(
      try sandbox.succeed("project", "list", "--format", "csv").contains(
        "Big,,daily,\(holdsAReading ? 300_001 : 300_000),"))
  }

  @Test func migrateCopiesToTheServerAndBackAllOrNothing() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Car", "--frequency", "monthly", "--units", "h")
    try sandbox.succeed(
      "item", "add", "Car", "12.5", "--at", "2024-01-01", "--note", "tab\there", "--tag", "a,b/c")
    try sandbox.succeed("project", "add", "Power", "--kind", "meter", "--frequency", "monthly")
    try sandbox.succeed("item", "add", "Power", "100", "--at", "2024-01-01")
    try sandbox.succeed("item", "add", "Power", "5", "--at", "2024-02-01", "--reset")
    try sandbox.succeed("timer", "start", "Car")
    let before = try sandbox.everything()
    let server = try PostgresTestServer.newDatabaseURL()
    let copied = try sandbox.run("migrate", "--to", server)
    #expect(copied.status == 0)
    #expect(copied.stderr.contains("Copied 2 projects, 3 readings, 0 imports and 1 running timer;"))
    let there = try Sandbox()
    there.environment["TALLY_DB"] = server
    #expect(try there.everything() == before)
    // Into a database that holds projects: refused, and it is left as it was.
    let again = try sandbox.run("migrate", "--to", server)
    #expect(again.status == 1)
    #expect(again.stderr.contains("already holds 2 projects"))
    #expect(try there.everything() == before)
    // And back into a new file.
    let back = try Sandbox()
    #expect(try back.run("migrate", "--from", server).status == 0)
    #expect(try back.everything() == before)
    #expect(try back.succeed("item", "list", "Power", "--format", "csv").contains(",5,,yes"))
  }

  /// Runs `sql` with psql on `database` and returns what it prints, unaligned.
  @discardableResult
  private func psql(_ database: String, _ sql: String) throws -> String {
    try PostgresTestServer.psql(database, sql)
  }
}
