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

  /// The words of a write: a reading added, or a file imported; each also with tags.
  private static let writes: [[String]] = [
    ["item", "add", "Hours", "3", "--at", "2024-01-01"], ["import", "FILE", "--project", "Hours"],
    ["item", "add", "Hours", "3", "--at", "2024-01-01", "--tag", "a,b/c"],
    ["import", "TAGGED", "--project", "Hours"],
    // A file with a project column: the import of several projects, through the spool.
    ["import", "WHOLE"],
  ]

  private func words(_ write: [String], in sandbox: Sandbox) throws -> [String] {
    let file = sandbox.folder.appendingPathComponent("one.csv")
    try "date,amount\n2024-01-01,3\n".write(to: file, atomically: true, encoding: .utf8)
    let tagged = sandbox.folder.appendingPathComponent("tagged.csv")
    try "date,amount,tags\n2024-01-01,3,\"a,b/c\"\n".write(
      to: tagged, atomically: true, encoding: .utf8)
    let whole = sandbox.folder.appendingPathComponent("whole.csv")
    try "project,timestamp,amount\nHours,2024-01-01,3\n".write(
      to: whole, atomically: true, encoding: .utf8)
    let paths = ["FILE": file.path, "TAGGED": tagged.path, "WHOLE": whole.path]
    return write.map { paths[$0] ?? $0 }
  }

  /// Whether `write` tags what it writes (`a,b/c`).
  private static func tags(_ write: [String]) -> Bool {
    write.contains("--tag") || write.contains("TAGGED")
  }

  /// Runs `write` through a proxy that breaks the connection as `fault` says (with tally's
  /// debug log when `logged`), and checks that it ended within the bound.
  private func write(
    _ write: [String], in sandbox: Sandbox, to database: String, through fault: FaultyProxy.Mode,
    logged: Bool = true
  ) throws -> TallyBinary.Result {
    let proxy = try FaultyProxy(
      to: "127.0.0.1", port: PostgresTestServer.address?.port ?? 0, fault)
    var environment = sandbox.environment
    environment["TALLY_DB"] = proxy.url(through: database)
    if logged { environment["TALLY_LOG"] = "debug" }
    let start = Date()
    let result = try sandbox.tally.run(try words(write, in: sandbox), environment: environment)
    #expect(Date().timeIntervalSince(start) < Self.bound, "\(result.stderr)")
    return result
  }

  @Test(arguments: writes) func aCommitWhoseAnswerWasLostIsReportedSaved(write: [String]) throws {
    let (sandbox, database) = try hours()
    let result = try self.write(
      write, in: sandbox, to: database, through: .afterCommit)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(write[0] == "item" ? "Added reading 1 to Hours: 3" : "Imported 1"))
    #expect(result.stderr.contains("the answer to COMMIT was lost"))
    #expect(result.stderr.contains("saved=true"))
    // Saved once, with its tags: the change is not applied again.
    let list = try sandbox.succeed("item", "list", "Hours", "--format", "csv")
    #expect(list.split(separator: "\n").count == 2)
    #expect(list.contains("3,,\"a,b/c\"") == Self.tags(write), "\(list)")
    #expect(try sandbox.succeed("log").split(separator: "\n").count == 4)
  }

  @Test(arguments: writes) func aCommitThatNeverReachedTheServerIsReportedNotSaved(write: [String])
    throws
  {
    let (sandbox, database) = try hours()
    let before = try sandbox.everything()
    let result = try self.write(
      write, in: sandbox, to: database, through: .beforeCommit, logged: false)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("broke during the commit, and the server did not keep the change"))
    #expect(result.stderr.contains("Nothing was changed."))
    #expect(try sandbox.everything() == before)
  }

  /// A team member's writes, which the server checks against what the transaction did
  /// (journal and history, migration v10): one whose commit never reached the server leaves
  /// nothing, one whose answer was lost is found saved, whole: its entry, its history step and
  /// its rows together, readable by everyone after.
  @Test(
    arguments: [
      ["item", "add", "Hours", "3", "--at", "2024-01-02"], ["item", "edit", "1", "--amount", "4"],
      ["item", "delete", "1", "--yes"], ["undo"], ["import", "FILE", "--project", "Hours"],
      ["import", "WHOLE"],
    ], [FaultyProxy.Mode.beforeCommit, .afterCommit])
  func aMembersCheckedChangeLostAtItsCommitIsSavedWholeOrNotAtAll(
    write: [String], fault: FaultyProxy.Mode
  ) throws {
    let team = try TeamSandbox(members: ["ana"])
    let ana = try team.person("ana")
    try ana.succeed("project", "add", "Hours", "--frequency", "daily")
    try ana.succeed("item", "add", "Hours", "2", "--at", "2024-01-01")
    let before = try ana.everything()
    let log = try ana.succeed("log")
    let result = try self.write(
      write, in: ana, to: try team.url(of: "ana"), through: fault, logged: fault == .afterCommit)
    if fault == .beforeCommit {
      #expect(result.status == 1, "\(result.stderr)")
      #expect(result.stderr.contains("Nothing was changed."), "\(result.stderr)")
      #expect(try ana.everything() == before)
      #expect(try ana.succeed("log") == log)
    } else {
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.contains("saved=true"), "\(result.stderr)")
      #expect(try ana.everything() != before)
      #expect(try ana.succeed("log") != log)
    }
    // The history reads as the journal does: a reading's story, and the database's check.
    #expect(try ana.run("item", "show", "1").status == 0)
    let check = try team.admin.run("check")
    #expect(check.status == 0, "\(check.stdout)")
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

  /// The commit's answer arrives and the connection breaks at once: the data is read back
  /// on a new connection, and the change is reported as always.
  @Test(arguments: writes) func aConnectionLostRightAfterTheCommitIsReadAgain(
    write: [String]
  ) throws {
    let (sandbox, database) = try hours()
    let result = try self.write(
      write, in: sandbox, to: database, through: .afterAnswer)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(write[0] == "item" ? "Added reading 1 to Hours: 3" : "Imported 1"))
    // A second connection read the data back.
    #expect(result.stderr.components(separatedBy: "[TallyPostgres] connected").count == 3)
    #expect(try sandbox.succeed("log").split(separator: "\n").count == 4)
  }

  /// A switch and a tracked interval, each one change of several rows (a timer stopped, its
  /// readings, another timer started): broken before the commit they leave nothing; with the
  /// commit's answer lost they are found saved, whole, and not written twice.
  @Test(arguments: ["before-commit", "after-commit"])
  func timerChangesStayWholeWhenTheConnectionBreaks(fault: String) throws {
    let sandbox = try Sandbox(.postgres)
    let database = sandbox.environment["TALLY_DB"] ?? ""
    try sandbox.succeed("project", "add", "Writing", "--units", "h", "--frequency", "daily")
    try sandbox.succeed("project", "add", "Email", "--units", "min", "--frequency", "daily")
    try sandbox.succeed(
      "timer", "start", "Writing", "--note", "essay", "--tag", "deep",
      now: "2024-03-04T09:00:00Z")
    sandbox.environment["TALLY_NOW"] = "2024-03-04T10:00:00Z"
    let mode = try #require(FaultyProxy.Mode(rawValue: fault))
    for words in [
      ["timer", "switch", "Email", "--tag", "inbox"], ["track", "Writing", "7:00-8:30"],
    ] {
      let before = try sandbox.everything() + sandbox.succeed("timer", "status", "--format", "csv")
      let result = try write(
        words, in: sandbox, to: database, through: mode, logged: mode == .afterCommit)
      if mode == .beforeCommit {
        #expect(result.status == 1, "\(words): \(result.stderr)")
        #expect(result.stderr.contains("Nothing was changed."), "\(result.stderr)")
        #expect(
          try sandbox.everything() + sandbox.succeed("timer", "status", "--format", "csv")
            == before)
      } else {
        #expect(result.status == 0, "\(words): \(result.stderr)")
        #expect(result.stderr.contains("the answer to COMMIT was lost"), "\(result.stderr)")
      }
    }
    guard mode == .afterCommit else { return }
    #expect(
      try sandbox.succeed("export")
        == """
        project,timestamp,amount,note,tags
        Writing,2024-03-04T07:00:00+00:00,1.5,tracked,
        Writing,2024-03-04T09:00:00+00:00,1,essay,deep

        """)
    #expect(
      try sandbox.succeed("timer", "status", "--format", "csv")
        == "project,started_at,elapsed_seconds,note,tags\n"
        + "Email,2024-03-04T10:00:00+00:00,0,,inbox\n")
  }

  @Test func aMigrationWhoseCommitAnswerWasLostIsReportedSaved() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Car", "--frequency", "monthly")
    try sandbox.succeed("item", "add", "Car", "12.5", "--at", "2024-01-01")
    let before = try sandbox.everything()
    let server = try PostgresTestServer.newDatabaseURL()
    // The tables are made first, directly: the proxy breaks the first commit after one that
    // names change_request, and making the tables names it.
    let there = try Sandbox()
    there.environment["TALLY_DB"] = server
    try there.succeed("project", "list")
    let proxy = try FaultyProxy(
      to: "127.0.0.1", port: PostgresTestServer.address?.port ?? 0, .afterCommit)
    let start = Date()
    var environment = sandbox.environment
    environment["TALLY_LOG"] = "debug"
    let copied = try sandbox.tally.run(
      ["migrate", "--to", proxy.url(through: server)], environment: environment)
    #expect(Date().timeIntervalSince(start) < Self.bound)
    #expect(copied.status == 0, "\(copied.stderr)")
    #expect(copied.stderr.contains("Copied 1 project, 1 reading"))
    #expect(copied.stderr.contains("the answer to COMMIT was lost"))
    #expect(copied.stderr.contains("saved=true"))
    #expect(try there.everything() == before)
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

  /// The server stops while the import's `COPY` streams, staged or straight into the readings.
  @Test(arguments: [false, true]) func aServerStoppedMidImportEndsItWithinSeconds(
    holdsAReading: Bool
  ) throws {
    let cluster = try ThrowawayCluster(port: holdsAReading ? 5472 : 5471)
    let sandbox = try Sandbox()
    sandbox.environment["TALLY_DB"] = cluster.url
    let file = try sandbox.bigImportFile(rows: 600_000, holdsAReading: holdsAReading)
    let before = try sandbox.everything()
    // Stopped once the server has taken some of the import's rows.
    let message = try stopping(
      cluster, amid: ["import", file.path, "--project", "Big"], in: sandbox)
    #expect(message.contains("cannot import \(file.path)"), "\(message)")
    #expect(message.split(separator: "\n").count == 2, "one message and its hint: \(message)")
    try cluster.restart()
    #expect(try sandbox.everything() == before)
  }

  /// Runs tally with `arguments` in `sandbox`, stops `cluster` once the server has taken some
  /// of the rows it sends, and checks that it then ends within the bound, with exit 1.
  ///
  /// - Returns: What it wrote to standard error.
  private func stopping(
    _ cluster: ThrowawayCluster, amid arguments: [String], in sandbox: Sandbox
  ) throws -> String {
    let errors = Pipe()
    let process = try sandbox.startCopying(arguments, standardError: errors)
    #expect(process.isRunning, "\(arguments[0]) ended before the server could be stopped")
    try cluster.stop()
    let stopped = Date()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(Date().timeIntervalSince(stopped) < Self.bound)
    #expect(process.terminationStatus == 1)
    return message
  }

  /// The server stops while a restore streams a backup's readings: nothing is restored, and
  /// once the server is back the same restore brings the backup in whole.
  @Test func aServerStoppedMidRestoreRestoresNothingAndItCanRunAgain() throws {
    let source = try Sandbox()
    let file = try source.bigImportFile(rows: 300_000, holdsAReading: false)
    try source.succeed("import", file.path, "--project", "Big")
    let backup = source.folder.appendingPathComponent("backup.sqlite")
    try source.succeed("backup", backup.path)
    let cluster = try ThrowawayCluster(port: 5473)
    let target = try Sandbox()
    target.environment["TALLY_DB"] = cluster.url
    let before = try target.everything()
    let message = try stopping(cluster, amid: ["restore", backup.path], in: target)
    #expect(
      message.contains("Nothing was changed") || message.contains("nothing was changed"),
      "\(message)")
    try cluster.restart()
    #expect(try target.everything() == before)
    try target.succeed("restore", backup.path)
    #expect(try target.everything() == (try source.everything()))
  }

  @Test func debugLoggingShowsTheDriversEventsWithoutThePassword() throws {
    let (sandbox, database) = try hours()
    var environment = sandbox.environment
    environment["TALLY_LOG"] = "debug"
    let result = try sandbox.tally.run(["project", "list"], environment: environment)
    #expect(result.status == 0)
    #expect(result.stderr.contains("connecting"))
    #expect(result.stderr.contains("statement_timeout=2min"))
    #expect(result.stderr.contains("connected"))
    let password = PostgresTestServer.address?.password ?? "?"
    #expect(database.contains(password) && !result.stderr.contains(password))
  }
}
