import Foundation
import TallyCore
import TallyPostgres
import Testing

/// How a `postgresql://` URL is read, where the password comes from, and that messages never
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
    #expect(read.host == "db.example.org")
    #expect(read.port == 6543)
    #expect(read.database == "team")
    #expect(read.sslMode == .require)
    #expect(read.description == "postgresql://ana@db.example.org:6543/team")
  }

  @Test func fillsInWhatTheURLLeavesOutAsLibpqDoes() throws {
    let bare = try address("postgres://")
    #expect(bare.host == "localhost" && bare.port == 5432 && bare.user == "me")
    #expect(bare.database == "me" && bare.sslMode == .prefer && bare.password == nil)
    let fromEnvironment = try address(
      "postgresql:///tally",
      environment: ["PGHOST": "h", "PGPORT": "7000", "PGUSER": "u", "PGPASSWORD": "secret"])
    #expect(fromEnvironment.host == "h" && fromEnvironment.port == 7000)
    #expect(fromEnvironment.user == "u" && fromEnvironment.password == "secret")
    #expect(fromEnvironment.database == "tally")
  }

  @Test func takesThePasswordFromAPrivatePasswordFileOnly() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(".pgpass")
    try "# comment\nother:5432:*:*:no\ndb:5432:tally:ana:pa\\:ss\n".write(
      to: file, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    #expect(try address("postgresql://ana@db/tally", home: folder.path).password == "pa:ss")
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    #expect(try address("postgresql://ana@db/tally", home: folder.path).password == nil)
  }

  @Test(arguments: [
    ("postgresql://a:hunter2@h:99999/d", "the port 99999 is not a port number"),
    ("postgresql://a:hunter2@h/d?sslmode=sometimes", "sslmode sometimes is not one tally knows"),
    ("postgresql://a:hunter2@h/d?search_path=x", "tally does not know the parameter search_path"),
  ])
  func aURLItCannotReadIsRefusedWithoutThePassword(url: String, message: String) {
    #expect {
      try address(url)
    } throws: { error in
      let text = (error as? TallyError)?.description ?? ""
      return text.contains(message) && !text.contains("hunter2") && text.contains("***")
    }
  }

  @Test func redactsPasswordsInTheAuthorityAndTheQuery() {
    #expect(PostgresAddress.redacted("postgresql://a:b@h/d") == "postgresql://a:***@h/d")
    #expect(
      PostgresAddress.redacted("postgresql://h/d?password=b&sslmode=require")
        == "postgresql://h/d?password=***&sslmode=require")
    #expect(PostgresAddress.isServerURL("POSTGRES://h") && !PostgresAddress.isServerURL("/tmp/x"))
  }
}
