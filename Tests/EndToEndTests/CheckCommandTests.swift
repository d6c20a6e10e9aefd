import Foundation
import TestSupport
import Testing

/// `tally check`: SQLite's integrity check, tally's own rules and who may read the files.
///
/// One line that all hold (exit 0) or one line per problem (exit 1). It only reads.
@Suite struct CheckCommandTests {
  /// A database in a folder tally made (so `0700`): a total and a meter, five changes.
  func sample() throws -> (Sandbox, URL) {
    let sandbox = try Sandbox()
    let database = sandbox.folder.appendingPathComponent("data/tally.sqlite")
    sandbox.environment["TALLY_DB"] = database.path
    let now = "2024-03-01T10:00:00Z"
    try sandbox.succeed("project", "add", "Spend", "--frequency", "daily", now: now)
    try sandbox.succeed(
      "project", "add", "Car", "--frequency", "monthly", "--units", "km", "--kind", "meter",
      now: now)
    try sandbox.succeed("item", "add", "Spend", "12", "--at", "2024-02-10", now: now)
    try sandbox.succeed("item", "add", "Car", "1000", "--at", "2024-01-01", now: now)
    try sandbox.succeed("item", "add", "Car", "1200", "--at", "2024-02-01", now: now)
    return (sandbox, database)
  }

  /// Runs SQL on the database with the `sqlite3` shell, as another program that damages it.
  func sqlite(_ database: URL, _ sql: String) throws {
    try Sandbox.sqlite(database, sql)
  }

  @Test func aSoundDatabaseSaysSoInOneLine() throws {
    let (sandbox, database) = try sample()
    let before = try Data(contentsOf: database)
    let result = try sandbox.run("check")
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "All checks hold for \(database.path): SQLite's integrity check, the counters, "
        + "rollups and meter readings of 2 projects, 5 journal entries, the files' modes.\n")
    #expect(result.stderr == "")
    #expect(try Data(contentsOf: database) == before)
  }

  @Test func eachBrokenRuleIsALine() throws {
    let (sandbox, database) = try sample()
    try sqlite(
      database,
      """
      UPDATE project SET reading_count = 4 WHERE title = 'Spend';
      UPDATE project SET last_reading_at = 0 WHERE title = 'Car';
      UPDATE reading SET amount = 900 WHERE id = 3;
      UPDATE journal SET change = '{}' WHERE id = 2;
      UPDATE history SET change = '{"batch":{"_0":[{"deleteReadings":{}}]}}' WHERE id = 3;
      INSERT INTO timer (project_id, started_at) VALUES (99, 0);
      """)
    let result = try sandbox.run("check")
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        timer 99 refers to a project that is not there
        Spend: the project's counter says 4 readings, but it holds 1
        Car: the project's last reading time says 1970-01-01T00:00:00+00:00, but its last \
        reading is at 2024-02-01T00:00:00+00:00
        Car: reading 3 (900 km at 2024-02-01T00:00:00+00:00) is lower than reading 2 (1000 km \
        at 2024-01-01T00:00:00+00:00) before it, and it is not marked as a reset
        Car: the rollups say the quarter hour from 2024-02-01T00:00:00+00:00 holds 1 reading \
        summing 1200, but it holds 1 reading summing 900; 2 more quarter hours, days or weeks \
        differ; reports show the rollups' figures until `tally check --repair` sums them again
        journal entry 2 (Created project Car) cannot be read, so undo cannot take it back
        history step 3 (Added reading 1 to Spend: 12) cannot be read, so no report --as-of a time \
        before it can be made

        """)
    #expect(result.stderr == "")
    // The repair sums the rollups and counts the readings again; the other problems stay for
    // a person to fix.
    let repaired = try sandbox.run("check", "--repair")
    #expect(repaired.status == 1)
    #expect(
      repaired.stdout == """
        timer 99 refers to a project that is not there
        Car: reading 3 (900 km at 2024-02-01T00:00:00+00:00) is lower than reading 2 (1000 km \
        at 2024-01-01T00:00:00+00:00) before it, and it is not marked as a reset
        journal entry 2 (Created project Car) cannot be read, so undo cannot take it back
        history step 3 (Added reading 1 to Spend: 12) cannot be read, so no report --as-of a time \
        before it can be made

        """)
    #expect(
      repaired.stderr == "Summed the rollups and counted the readings of 2 projects again.\n")
  }

  /// Readings taken away past tally at the end of a project's span (the last week left with
  /// none) and a project's every reading: the repair leaves no bucket of theirs behind, and
  /// the check that follows holds.
  @Test func theRepairDropsTheBucketsOfReadingsGoneAtTheEdges() throws {
    let (sandbox, database) = try sample()
    try sqlite(
      database,
      "DELETE FROM reading WHERE amount = 1200; "
        + "DELETE FROM reading WHERE project_id = (SELECT id FROM project WHERE title = 'Spend')")
    let broken = try sandbox.run("check")
    #expect(broken.status == 1)
    #expect(broken.stdout.contains("the rollups say"), "\(broken.stdout)")
    let repaired = try sandbox.run("check", "--repair")
    #expect(repaired.status == 0, "\(repaired.stdout)")
    let after = try sandbox.run("check")
    #expect(after.status == 0, "\(after.stdout)")
    // The report reads the rollups: Car's one reading is left, in January.
    let report = try sandbox.succeed(
      "report", "Car", "--period", "yearly", "--from", "2023-12-01", "--format", "csv")
    #expect(report.contains("Car,2024,1,"), "\(report)")
  }

  /// A title with control characters, written past tally, is shown escaped in a problem.
  @Test func aProblemNeverSendsControlCharactersToTheTerminal() throws {
    let (sandbox, database) = try sample()
    try sqlite(
      database,
      "UPDATE project SET title = 'Car' || char(27) || '[2J', reading_count = 9 "
        + "WHERE title = 'Car'; UPDATE reading SET amount = 5 WHERE id = 3")
    let result = try sandbox.run("check")
    #expect(result.status == 1)
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(result.stdout.contains("Car\\e[2J: the project's counter says 9 readings"))
    #expect(result.stdout.contains("Car\\e[2J: the rollups say"))
  }

  @Test func anIndexThatDisagreesWithItsTableIsDamage() throws {
    let (sandbox, database) = try sample()
    // The index is described as over other columns than it holds.
    try sqlite(
      database,
      """
      PRAGMA writable_schema = ON;
      UPDATE sqlite_master
      SET sql = 'CREATE INDEX reading_project_timestamp_amount ON reading(project_id, note)'
      WHERE name = 'reading_project_timestamp_amount';
      """)
    let result = try sandbox.run("check")
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        SQLite found damage: row 1 missing from index reading_project_timestamp_amount
        SQLite found damage: row 2 missing from index reading_project_timestamp_amount
        SQLite found damage: row 3 missing from index reading_project_timestamp_amount

        """)
  }

  @Test func aDamagedPageStopsACommandWithOneMessageAndCheckSaysWhere() throws {
    let (sandbox, database) = try sample()
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    shell.arguments = [
      "sqlite3", database.path,
      "SELECT rootpage, (SELECT page_size FROM pragma_page_size) FROM sqlite_master "
        + "WHERE name = 'reading'",
    ]
    let output = Pipe()
    shell.standardOutput = output
    try shell.run()
    let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    shell.waitUntilExit()
    let numbers = answer.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|")
      .compactMap { UInt64($0) }
    try #require(numbers.count == 2, "sqlite3 said: \(answer)")
    // The readings' page header, overwritten.
    let file = try FileHandle(forUpdating: database)
    try file.seek(toOffset: (numbers[0] - 1) * numbers[1])
    try file.write(contentsOf: Data(repeating: 0xFF, count: 8))
    try file.close()
    let damaged = try Data(contentsOf: database)

    let hint = "`tally check --db \(database.path)` lists what is wrong; restore the file from a "
    for (arguments, operation) in [
      (["export"], "read the readings"), (["item", "list", "Car"], "read the readings"),
      (["item", "add", "Car", "1300"], "add the reading"),
    ] {
      let result = try sandbox.tally.run(arguments, environment: sandbox.environment)
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "Error: cannot \(operation): the database \(database.path) is damaged\n"
          + hint + "backup.\n")
    }
    let check = try sandbox.run("check")
    #expect(check.status == 1)
    let lines = check.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("SQLite found damage: Page \(numbers[0]): ") == true)
    #expect(lines.last == "SQLite found damage: the check stopped at damage it cannot read past")
    #expect(try Data(contentsOf: database) == damaged)
  }

  @Test func aDatabaseOthersMayReadIsAProblem() throws {
    let (sandbox, database) = try sample()
    let folder = database.deletingLastPathComponent()
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    let result = try sandbox.run("check")
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        \(database.path) has mode 0644: other users can read it (chmod 600 it)
        Note: the folder \(folder.path) has mode 0755: other users can list it (chmod 700 it)

        """)
  }

  @Test func aFolderOthersMayListIsANoteAndTheChecksHold() throws {
    let (sandbox, database) = try sample()
    let folder = database.deletingLastPathComponent()
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    let result = try sandbox.run("check")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    #expect(lines.first?.hasPrefix("All checks hold for \(database.path): ") == true)
    #expect(
      lines.dropFirst().first
        == "Note: the folder \(folder.path) has mode 0755: other users can list it (chmod 700 it)")
  }

  @Test func withoutADatabaseThereIsNothingToCheck() throws {
    let sandbox = try Sandbox()
    let path = sandbox.folder.appendingPathComponent("absent.sqlite").path
    let result = try sandbox.run("--db", path, "check")
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr == """
        Error: there is no database at \(path); nothing was checked
        Name the database with --db or TALLY_DB.

        """)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test(.enabled(if: Backend.allCases.contains(.postgres)))
  func onAServerTallysRulesAreChecked() throws {
    let sandbox = try Sandbox(.postgres)
    let url = try #require(sandbox.environment["TALLY_DB"])
    let now = "2024-03-01T10:00:00Z"
    try sandbox.succeed(
      "project", "add", "Car", "--frequency", "monthly", "--units", "km", "--kind", "meter",
      now: now)
    try sandbox.succeed("item", "add", "Car", "1000", "--at", "2024-01-01", now: now)
    try sandbox.succeed("item", "add", "Car", "1200", "--at", "2024-02-01", now: now)
    let sound = try sandbox.run("check")
    #expect(sound.status == 0)
    // The server as messages show it: the URL without its password.
    let parts = try #require(URLComponents(string: url))
    let shown =
      "postgresql://\(parts.user ?? "")@\(parts.host ?? ""):\(parts.port ?? 0)\(parts.path)"
    #expect(
      sound.stdout
        == "All checks hold for \(shown): the counters, rollups and meter readings of 1 project, "
        + "3 journal entries.\n")
    _ = try PostgresTestServer.psql(
      url, "UPDATE project SET reading_count = 7; UPDATE reading SET amount = 900 WHERE id = 2")
    let broken = try sandbox.run("check")
    #expect(broken.status == 1)
    #expect(
      broken.stdout == """
        Car: the project's counter says 7 readings, but it holds 2
        Car: reading 2 (900 km at 2024-02-01T00:00:00+00:00) is lower than reading 1 (1000 km \
        at 2024-01-01T00:00:00+00:00) before it, and it is not marked as a reset
        Car: the rollups say the quarter hour from 2024-02-01T00:00:00+00:00 holds 1 reading \
        summing 1200, but it holds 1 reading summing 900; 2 more quarter hours, days or weeks \
        differ; reports show the rollups' figures until `tally check --repair` sums them again

        """)
    let repaired = try sandbox.run("check", "--repair")
    #expect(
      repaired.stdout == """
        Car: reading 2 (900 km at 2024-02-01T00:00:00+00:00) is lower than reading 1 (1000 km \
        at 2024-01-01T00:00:00+00:00) before it, and it is not marked as a reset

        """)
  }
}
