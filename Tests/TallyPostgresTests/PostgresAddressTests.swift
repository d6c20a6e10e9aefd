import Foundation
import TallyCore
import TallyPostgres
import Testing

/// How a `postgresql://` URL is read (by libpq, with services and several hosts), and that messages never
/// show it.
///
/// No server needed.
@Suite struct PostgresAddressTests {
  private func address(
    _ url: String, environment: [String: String] = [:], home: String = "/nonexistent"
  ) throws -> PostgresAddress {
    try PostgresAddress(url: url, environment: environment, homeDirectory: home, loginName: "me")
  }

  @Test func readsEveryPartOfTheURL() throws {
    let read = try address("postgresql://ana:p%40ss@db.example.org:6543/team?sslmode=require")
    #expect(read.user == "ana")
    #expect(read.password == "p@ss")
    #expect(read.hosts == ["db.example.org"] && read.ports == ["6543"])
    #expect(read.database == "team")
    #expect(read.sslMode == "require")
    #expect(read.description == "postgresql://ana@db.example.org:6543/team")
  }

  @Test func fillsInWhatTheURLLeavesOutAsLibpqDoes() throws {
    let bare = try address("postgres://")
    #expect(bare.hosts.isEmpty && bare.user == "me")
    #expect(bare.database == "me" && bare.sslMode == "prefer" && bare.password == nil)
    let fromEnvironment = try address(
      "postgresql:///tally",
      environment: ["PGHOST": "h", "PGPORT": "7000", "PGUSER": "u", "PGPASSWORD": "secret"])
    #expect(fromEnvironment.hosts == ["h"] && fromEnvironment.port == 7000)
    #expect(fromEnvironment.user == "u" && fromEnvironment.password == "secret")
    #expect(fromEnvironment.database == "tally")
  }

  @Test func namesEveryHostOfAURLWithSeveral() throws {
    let read = try address(
      "postgresql://ana@primary:5432,standby:5433/team?target_session_attrs=read-write")
    #expect(read.hosts == ["primary", "standby"] && read.ports == ["5432", "5433"])
    #expect(read.description == "postgresql://ana@primary:5432,standby:5433/team")
    let onePort = try address("postgresql://ana@a,b:6000/team")
    #expect(onePort.description == "postgresql://ana@a:6000,b:6000/team")
  }

  @Test func readsAServiceAsLibpqDoesWithTheURLWinning() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("services.conf")
    try """
    # the team's server
    [other]
    host=elsewhere
    [team]
    host=db.example.org
    port=6543
    dbname=tally
    options=-c statement_timeout=5s
    """.write(to: file, atomically: true, encoding: .utf8)
    let environment = ["PGSERVICEFILE": file.path, "PGSYSCONFDIR": folder.path]
    let read = try address("postgresql://ana@/?service=team", environment: environment)
    #expect(read.description == "postgresql://ana@db.example.org:6543/tally")
    #expect(read.timeouts.settings["statement_timeout"] == "5s")
    var named = environment
    named["PGSERVICE"] = "team"
    #expect(try address("postgresql://ana@/mine", environment: named).database == "mine")
  }

  @Test(arguments: [
    ("postgresql://a:hunter2@h:99999/d", "the port 99999 is not a port number"),
    ("postgresql://a:hunter2@h/d?search_path=x", #"invalid URI query parameter: "search_path""#),
    ("postgresql://a:hunter2@h/d?sslmode", "missing key/value separator"),
    // A % that starts no code: the hint says how to write one.
    ("postgresql://a:hunter2%w@h/d", "as %25"),
  ])
  func aURLItCannotReadIsRefusedWithoutThePassword(url: String, message: String) {
    #expect {
      try address(url)
    } throws: { error in
      let text = (error as? TallyError)?.description ?? ""
      return text.contains(message) && !text.contains("hunter2") && text.contains("***")
    }
  }

  /// URLs that libpq cannot read quote the token or the URL they stopped at; reviewers found
  /// each of these printing the password.
  @Test(arguments: [
    "postgresql://ana:LEAK1%ZZx@127.0.0.1:5432/t",
    "postgresql://ana:LEAK3pw@[::1/t",
    "postgresql://ana:LEAK3pw@[]/t",
    "POSTGRESQL://ana:LEAKUC@127.0.0.1:5432/t?search_path=x",
    "postgresql://ana@127.0.0.1:5432/t?password=LEAK13%ZZ",
    "postgresql://ana:LE@K10pw@127.0.0.1:5432/t",
    "postgresql:/ana:LEAKONE@127.0.0.1:5432/t",
    "postgresql://ana:pw/LEAK7@127.0.0.1:5432/t",
    "host=127.0.0.1 user=ana password=LEAKKV port=x%",
  ])
  func aURLThatCannotBeReadNeverShowsItsPassword(url: String) {
    #expect {
      try address(url)
    } throws: { error in
      let text = (error as? TallyError).map { "\($0.message) \($0.hint ?? "")" } ?? "\(error)"
      return !text.contains("LEAK") && !text.contains("K10pw")
    }
  }

  @Test func aConnectionStringOfKeywordsNamesAServer() throws {
    #expect(PostgresAddress.isServerURL("host=db dbname=tally"))
    #expect(PostgresAddress.isServerURL("service=team"))
    #expect(!PostgresAddress.isServerURL("data=1.sqlite"))
    #expect(!PostgresAddress.isServerURL("/tmp/host=x.sqlite"))
    let read = try address("host=db.example.org port=6543 dbname=team user=ana password=secret")
    #expect(read.description == "postgresql://ana@db.example.org:6543/team")
    #expect(read.written == "host=db.example.org port=6543 dbname=team user=ana password=***")
    #expect(try address("POSTGRES://ana@h/d").description == "postgresql://ana@h:5432/d")
  }

  @Test func redactsPasswordsInTheAuthorityAndTheQuery() {
    #expect(PostgresAddress.redacted("postgresql://a:b@h/d") == "postgresql://a:***@h/d")
    #expect(
      PostgresAddress.redacted("postgresql://h/d?password=b&sslmode=require")
        == "postgresql://h/d?password=***&sslmode=require")
    #expect(PostgresAddress.isServerURL("POSTGRES://h") && !PostgresAddress.isServerURL("/tmp/x"))
  }
}
