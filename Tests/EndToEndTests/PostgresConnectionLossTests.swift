import Foundation
import TestSupport
import Testing

/// tally when the connection to its server breaks: it never hangs, and never guesses whether
/// a change whose commit went unanswered was saved.
///
/// A proxy (`Tests/postgres/proxy.py`) breaks a write's connection just before or just after
/// its `COMMIT` reaches the server; clusters of the tests' own are stopped midway. Runs when
/// `TALLY_TEST_POSTGRES` names a server.
@Suite(
  .enabled(
    if: PostgresTestServer.address != nil, Comment(rawValue: PostgresTestServer.skipReason)))
struct PostgresConnectionLossTests {
  /// Once the connection is lost, tally ends within 15 seconds; the tests allow twice that
  /// for a loaded machine.
  private static let bound: TimeInterval = 30

  /// A database on the test server with the project Hours, and its URL.
  private func hours() throws -> (Sandbox, String) {
    let sandbox = try Sandbox(.postgres)
    try sandbox.succeed("project", "add", "Hours", "--frequency", "daily")
    return (sandbox, sandbox.environment["TALLY_DB"] ?? "")
  }

  /// Runs tally with `arguments` on `url` and times it.
  private func timed(
    _ sandbox: Sandbox, on url: String, _ arguments: String...
  ) throws -> (TallyBinary.Result, TimeInterval) {
    var environment = sandbox.environment
    environment["TALLY_DB"] = url
    let start = Date()
    let result = try sandbox.tally.run(arguments, environment: environment)
    return (result, Date().timeIntervalSince(start))
  }

  /// The words of a write: a reading added, or a file imported.
  private static let writes: [[String]] = [
    ["item", "add", "Hours", "3", "--at", "2024-01-01"], ["import", "FILE", "--project", "Hours"],
  ]

  private func words(_ write: [String], in sandbox: Sandbox) throws -> [String] {
    let file = sandbox.folder.appendingPathComponent("one.csv")
    try "date,amount\n2024-01-01,3\n".write(to: file, atomically: true, encoding: .utf8)
    return write.map { $0 == "FILE" ? file.path : $0 }
  }

  @Test(arguments: writes) func aCommitWhoseAnswerWasLostIsReportedSaved(write: [String]) throws {
    let (sandbox, database) = try hours()
    let proxy = try FaultyProxy(
      to: "127.0.0.1", port: PostgresTestServer.address?.port ?? 0, .afterCommit)
    var environment = sandbox.environment
    environment["TALLY_DB"] = proxy.url(through: database)
    let start = Date()
    let result = try sandbox.tally.run(try words(write, in: sandbox), environment: environment)
    #expect(Date().timeIntervalSince(start) < Self.bound)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(write[0] == "item" ? "Added reading 1 to Hours: 3" : "Imported 1"))
    // Saved once: the change is not applied again.
    #expect(
      try sandbox.succeed("item", "list", "Hours", "--format", "csv").split(separator: "\n").count
        == 2)
    #expect(try sandbox.succeed("log").split(separator: "\n").count == 4)
  }

  @Test(arguments: writes) func aCommitThatNeverReachedTheServerIsReportedNotSaved(write: [String])
    throws
  {
    let (sandbox, database) = try hours()
    let before = try sandbox.everything()
    let proxy = try FaultyProxy(
      to: "127.0.0.1", port: PostgresTestServer.address?.port ?? 0, .beforeCommit)
    var environment = sandbox.environment
    environment["TALLY_DB"] = proxy.url(through: database)
    let start = Date()
    let result = try sandbox.tally.run(try words(write, in: sandbox), environment: environment)
    #expect(Date().timeIntervalSince(start) < Self.bound)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("broke during the commit, and the server did not keep the change"))
    #expect(result.stderr.contains("Nothing was changed."))
    #expect(try sandbox.everything() == before)
  }

  @Test func aLostCommitWithTheServerGoneSaysItCannotTellAndHowToFindOut() throws {
    let (sandbox, database) = try hours()
    let proxy = try FaultyProxy(
      to: "127.0.0.1", port: PostgresTestServer.address?.port ?? 0, .afterCommitGone)
    let (result, elapsed) = try timed(
      sandbox, on: proxy.url(through: database), "item", "add", "Hours", "3", "--at", "2024-01-01")
    #expect(elapsed < Self.bound)
    #expect(result.status == 1)
    #expect(result.stderr.contains("cannot tell whether"))
    #expect(result.stderr.contains("`tally log` lists the change if it was saved"))
    // The server did commit it, and the log says so.
    #expect(try sandbox.succeed("log").contains("Added reading 1 to Hours: 3"))
  }

  @Test func aServerThatNeverAnswersEndsAtTheConnectTimeout() throws {
    let (sandbox, database) = try hours()
    let proxy = try FaultyProxy(to: "127.0.0.1", port: 9, .silent)
    let (result, elapsed) = try timed(
      sandbox, on: proxy.url(through: database) + "&connect_timeout=2", "item", "add", "Hours", "3")
    #expect(elapsed < 10)
    #expect(result.status == 1)
    #expect(result.stderr.contains("cannot be reached (timed out)"), "\(result.stderr)")
  }

  @Test func anItemAddWhileTheServerIsGoneFailsWithinSeconds() throws {
    let cluster = try ThrowawayCluster(port: 5470)
    let sandbox = try Sandbox()
    sandbox.environment["TALLY_DB"] = cluster.url
    try sandbox.succeed("project", "add", "Hours", "--frequency", "daily")
    let before = try sandbox.everything()
    try cluster.stop()
    let (result, elapsed) = try timed(sandbox, on: cluster.url, "item", "add", "Hours", "3")
    #expect(elapsed < Self.bound)
    #expect(result.status == 1)
    #expect(result.stderr.contains("cannot be reached"))
    try cluster.restart()
    #expect(try sandbox.everything() == before)
  }

  /// The server stops while the import's `COPY` streams: into a project that holds a reading
  /// the rows are staged first; into an empty one they stream straight into the readings.
  @Test(arguments: [false, true]) func aServerStoppedMidImportEndsItWithinSeconds(
    holdsAReading: Bool
  ) throws {
    let cluster = try ThrowawayCluster(port: holdsAReading ? 5472 : 5471)
    let sandbox = try Sandbox()
    sandbox.environment["TALLY_DB"] = cluster.url
    try sandbox.succeed("project", "add", "Big", "--frequency", "daily")
    if holdsAReading {
      try sandbox.succeed("item", "add", "Big", "1", "--at", "2020-01-01")
    }
    var text = "date,amount,note\n"
    for index in 0..<600_000 {
      text += "2020-01-01T00:00:\(String(format: "%02d", index % 60))Z,\(index),row \(index)\n"
    }
    let file = sandbox.folder.appendingPathComponent("big.csv")
    try text.write(to: file, atomically: true, encoding: .utf8)
    let before = try sandbox.everything()
    let process = Process()
    process.executableURL = sandbox.tally.url
    process.arguments = ["import", file.path, "--project", "Big"]
    process.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    // Wait until the server has taken some of the rows, then stop it.
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, process.isRunning {
      let copied = try PostgresTestServer.psql(
        cluster.url, "SELECT COALESCE(MAX(tuples_processed), 0) FROM pg_stat_progress_copy")
      if (Int(copied) ?? 0) >= 1_000 { break }
      usleep(5_000)
    }
    #expect(process.isRunning, "the import ended before the server could be stopped")
    try cluster.stop()
    let stopped = Date()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(Date().timeIntervalSince(stopped) < Self.bound)
    #expect(process.terminationStatus == 1)
    #expect(message.contains("cannot import \(file.path)"), "\(message)")
    #expect(message.split(separator: "\n").count == 2, "one message and its hint: \(message)")
    try cluster.restart()
    #expect(try sandbox.everything() == before)
  }

  @Test func debugLoggingShowsTheDriversEventsWithoutThePassword() throws {
    let (sandbox, database) = try hours()
    var environment = sandbox.environment
    environment["TALLY_LOG"] = "debug"
    let result = try sandbox.tally.run(["project", "list"], environment: environment)
    #expect(result.status == 0)
    #expect(result.stderr.contains("connecting"))
    #expect(result.stderr.contains("statement_timeout=2min"))
    #expect(result.stderr.contains("[PostgresNIO]"))
    let password = PostgresTestServer.address?.password ?? "?"
    #expect(database.contains(password) && !result.stderr.contains(password))
  }
}
