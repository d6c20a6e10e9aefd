import Foundation
import Testing

/// `tally backup` writes a copy that `tally restore` brings back exactly, on every backend;
/// neither ever writes over a file or a database that holds something.
@Suite struct BackupTests {
  /// A database with a bit of everything: a meter with a reset, notes with a tab and a line
  /// break, tags, a goal, an import, a running timer.
  func sandboxWithEverything(_ backend: Backend) throws -> Sandbox {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed(
      "project", "add", "Car", "--frequency", "monthly", "--units", "km", "--kind", "meter")
    try sandbox.succeed("item", "add", "Car", "100", "--at", "2024-01-01", "--note", "tab\there")
    try sandbox.succeed(
      "item", "add", "Car", "5", "--reset", "--at", "2024-02-01", "--tag", "odometer,car/new")
    let file = sandbox.folder.appendingPathComponent("in.csv")
    try "date,amount,note,tags\n2024-03-01,10.25,\"two\nlines\",trip\n2024-04-01,20,,\n".write(
      to: file, atomically: true, encoding: .utf8)
    try sandbox.succeed("import", file.path, "--project", "Car")
    try sandbox.succeed("project", "edit", "Car", "--goal", "100", "--decimals", "1")
    try sandbox.succeed("project", "add", "Writing", "--frequency", "daily", "--units", "h")
    try sandbox.succeed("timer", "start", "Writing", now: "2024-05-01T09:00:00Z")
    try sandbox.succeed("timer", "stop", "Writing", now: "2024-05-01T09:20:00Z")
    try sandbox.succeed("timer", "start", "Writing", now: "2024-05-02T09:00:00Z")
    return sandbox
  }

  /// What a person or a program sees of a database.
  func outputs(_ sandbox: Sandbox) throws -> [String] {
    [
      try sandbox.succeed("export"), try sandbox.succeed("project", "list", "--format", "json"),
      try sandbox.succeed("report", "--all", "--format", "json"),
      try sandbox.succeed("import", "list"),
    ]
  }

  @Test(arguments: Backend.allCases, Backend.allCases)
  func aBackupRestoredIntoANewDatabaseReadsTheSame(_ from: Backend, _ to: Backend) throws {
    let sandbox = try sandboxWithEverything(from)
    let file = sandbox.folder.appendingPathComponent("backup.sqlite").path
    let backedUp = try sandbox.run("backup", file)
    #expect(backedUp.status == 0, "\(backedUp.stderr)")
    #expect(backedUp.stderr == "Backed up 2 project(s) and 5 reading(s) to \(file)\n")
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o600)

    let other = try Sandbox(to)
    let restored = try other.run("restore", file)
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(restored.stderr == "Restored 2 project(s) and 5 reading(s) from \(file)\n")
    #expect(try outputs(other) == (try outputs(sandbox)))
    // The timer still runs, and the import can still be taken out.
    #expect(try other.succeed("timer", "stop", "Writing", now: "2024-05-02T10:00:00Z").isEmpty)
    #expect(try other.run("import", "undo", "1").status == 0)
  }

  @Test func aSQLiteBackupKeepsTheUndoHistory() throws {
    let sandbox = try sandboxWithEverything(.sqlite)
    let file = sandbox.folder.appendingPathComponent("backup.sqlite").path
    try sandbox.succeed("backup", file)
    let other = try Sandbox()
    try other.succeed("restore", file)
    #expect(try other.succeed("log") == (try sandbox.succeed("log")))
    let undone = try other.run("undo")
    #expect(undone.stderr == "Undid: Started a timer for Writing\n")
  }

  @Test(arguments: Backend.allCases) func aBackupNeverWritesOverAFile(_ backend: Backend) throws {
    let sandbox = try sandboxWithEverything(backend)
    let file = sandbox.folder.appendingPathComponent("notes.txt")
    try "my notes\n".write(to: file, atomically: true, encoding: .utf8)
    let result = try sandbox.run("backup", file.path)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: \(file.path) already exists; nothing was written\n"
        + "Name a new file: a backup never overwrites one.\n")
    #expect(try String(contentsOf: file, encoding: .utf8) == "my notes\n")
    let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path)
    #expect(left.filter { $0.hasSuffix(".tmp") }.isEmpty)
  }

  @Test func aBackupIntoAFolderThatIsNotThereSaysSo() throws {
    let sandbox = try sandboxWithEverything(.sqlite)
    let result = try sandbox.run("backup", "/nonexistent-folder/b.sqlite")
    #expect(result.status == 1)
    #expect(
      result.stderr == "Error: there is no folder /nonexistent-folder to write b.sqlite in\n")
  }

  @Test(arguments: Backend.allCases) func aRestoreIntoADatabaseThatHoldsProjectsChangesNothing(
    _ backend: Backend
  ) throws {
    let sandbox = try sandboxWithEverything(.sqlite)
    let file = sandbox.folder.appendingPathComponent("backup.sqlite").path
    try sandbox.succeed("backup", file)
    let other = try Sandbox(backend)
    try other.succeed("project", "add", "Spend", "--frequency", "daily")
    let before = try other.everything()
    let result = try other.run("restore", file)
    #expect(result.status == 1)
    #expect(result.stderr.contains("already holds 1 project"), "\(result.stderr)")
    #expect(try other.everything() == before)
  }

  @Test func aFileThatIsNoBackupIsRefusedAndNothingIsCreated() throws {
    let sandbox = try Sandbox()
    let text = sandbox.folder.appendingPathComponent("notes.txt")
    try "not a database, but text long enough to fill a header of sqlite....\n".write(
      to: text, atomically: true, encoding: .utf8)
    let empty = sandbox.folder.appendingPathComponent("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
    let cases = [
      (text.path, "Error: \(text.path) is not a tally database (it is not SQLite)"),
      (empty.path, "Error: \(empty.path) is empty: it holds no tally backup\n"),
      ("/nonexistent.sqlite", "Error: there is no backup file /nonexistent.sqlite\n"),
    ]
    for (path, message) in cases {
      let result = try sandbox.run("restore", path)
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
      #expect(result.stderr.hasSuffix("\nName a file that `tally backup` wrote.\n"))
    }
    #expect(!FileManager.default.fileExists(atPath: sandbox.environment["TALLY_DB"] ?? ""))
  }

  /// The online backup reads one snapshot: a write transaction another process holds open
  /// neither stops it nor shows up in it.
  @Test func aBackupGoesOnWhileAnotherProcessWrites() throws {
    let sandbox = try sandboxWithEverything(.sqlite)
    let database = try #require(sandbox.environment["TALLY_DB"])
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    writer.arguments = [database]
    let input = Pipe()
    let output = Pipe()
    writer.standardInput = input
    writer.standardOutput = output
    try writer.run()
    defer {
      if writer.isRunning { writer.terminate() }
    }
    input.fileHandleForWriting.write(
      Data("BEGIN IMMEDIATE;\nDELETE FROM reading;\nSELECT 'holding';\n".utf8))
    // Wait until the writer says it holds the write lock.
    var said = Data()
    while !String(decoding: said, as: UTF8.self).contains("holding") {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      said.append(chunk)
    }
    let file = sandbox.folder.appendingPathComponent("backup.sqlite").path
    let result = try sandbox.run("backup", file)
    #expect(result.status == 0, "\(result.stderr)")
    input.fileHandleForWriting.write(Data("ROLLBACK;\n.quit\n".utf8))
    try input.fileHandleForWriting.close()
    writer.waitUntilExit()
    let other = try Sandbox()
    try other.succeed("restore", file)
    #expect(try other.succeed("export") == (try sandbox.succeed("export")))
  }

  @Test func aBackupOfADatabaseThatIsNotThereIsRefused() throws {
    let sandbox = try Sandbox()
    let file = sandbox.folder.appendingPathComponent("b.sqlite").path
    let result = try sandbox.run("backup", file)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: there is no database at \(sandbox.environment["TALLY_DB"] ?? "") to back up; "
        + "nothing was written\nCheck --db or TALLY_DB.\n")
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  /// Ways a backup file can be changed past tally, each of which `tally check` refuses.
  static let tamperings = [
    ("a counter", "UPDATE project SET reading_count = 99 WHERE title = 'Car'"),
    (
      "a falling meter",
      "UPDATE reading SET amount = 1 WHERE id = (SELECT max(id) FROM reading WHERE project_id = "
        + "(SELECT id FROM project WHERE title = 'Car'))"
    ),
    ("an unreadable journal entry", "UPDATE journal SET change = '{\"gone\": 1}'"),
    (
      "33 tags on a reading",
      "UPDATE reading SET tags = ',"
        + (0..<33).map { "t\($0)" }.joined(separator: ",") + ",' WHERE id = 1"
    ),
  ]

  /// A backup that `tally check` finds wrong is not restored, on either backend: into SQLite
  /// the database it was to go into is not made, into PostgreSQL it holds what it held.
  @Test(arguments: Backend.allCases, tamperings.map(\.0))
  func aBackupThatFailsTheCheckIsNotRestored(_ to: Backend, _ tampering: String) throws {
    let sandbox = try sandboxWithEverything(.sqlite)
    let file = sandbox.folder.appendingPathComponent("backup.sqlite").path
    try sandbox.succeed("backup", file)
    let edit = Process()
    edit.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    edit.arguments = [file, Self.tamperings.first { $0.0 == tampering }?.1 ?? ""]
    try edit.run()
    edit.waitUntilExit()
    #expect(edit.terminationStatus == 0)
    // tally check refuses it; so does a restore, on either backend, changing nothing.
    let check = try sandbox.tally.run(["check", "--db", file], environment: sandbox.environment)
    #expect(check.status == 1, "\(tampering): \(check.stdout)")
    let other = try Sandbox(to)
    let before = try other.everything()
    let result = try other.run("restore", file)
    #expect(result.status == 1, "\(tampering): \(result.stderr)")
    #expect(
      result.stderr.hasPrefix("Error: cannot restore: \(file) does not pass tally check: "),
      "\(tampering): \(result.stderr)")
    // The file it only read is left as it was, with nothing beside it.
    for suffix in ["-wal", "-shm", "-journal"] {
      #expect(!FileManager.default.fileExists(atPath: file + suffix), "\(tampering): \(suffix)")
    }
    if tampering == "a counter" {
      #expect(
        result.stderr.contains("Car: the project's counter says 99 readings, but it holds 4"))
    }
    if to == .sqlite {
      #expect(!FileManager.default.fileExists(atPath: other.environment["TALLY_DB"] ?? ""))
    } else {
      #expect(try other.everything() == before)
      #expect(try other.succeed("check").contains("0 projects"), "\(tampering)")
    }
  }
}
