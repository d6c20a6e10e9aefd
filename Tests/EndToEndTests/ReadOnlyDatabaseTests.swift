import Foundation
import Testing

/// A command that only reads takes no write lock and writes nothing.
///
/// It works on a database in a read-only folder, on a read-only file and while another program
/// holds a write transaction, and every file is as it was after it. A command that writes is
/// refused on a database it may not write, before SQLite makes any file.
@Suite struct ReadOnlyDatabaseTests {
  /// A command that only reads, and what it prints on ``sample()``'s database.
  struct Read: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var stdout: String
    var stderr = ""

    var testDescription: String { arguments.prefix(3).joined(separator: " ") }
  }

  static let reads: [Read] = [
    Read(
      arguments: ["project", "list", "--format", "csv"],
      stdout: """
        title,units,frequency,readings,last_reading,updated_at,group
        Car,km,daily,1,2024-02-28T08:00:00+00:00,2024-03-01T10:00:00+00:00,

        """),
    Read(
      arguments: ["item", "list", "Car", "--format", "csv"],
      stdout: "id,timestamp,amount,note\n1,2024-02-28T08:00:00+00:00,42.5,full tank\n"),
    Read(
      arguments: ["report", "Car", "--period", "monthly", "--format", "csv"],
      stdout: "project,period,count,sum,min,max,mean\nCar,2024-02,1,42.5,42.5,42.5,42.5\n"),
    Read(
      arguments: ["export"],
      stdout: "project,timestamp,amount,note\nCar,2024-02-28T08:00:00+00:00,42.5,full tank\n"),
    Read(
      arguments: ["due", "--format", "csv"],
      stdout: """
        project,frequency,last_reading,periods_missed
        Car,daily,2024-02-28T08:00:00+00:00,1

        """),
    Read(
      arguments: ["log"],
      stdout: """
        #  TIME              CHANGE
        ----------------------------------------------------
        2  2024-03-01 10:00  Added reading 1 to Car: 42.5 km
        1  2024-03-01 10:00  Created project Car

        """),
    Read(arguments: ["import", "list"], stdout: "", stderr: "No imports yet.\n"),
    Read(arguments: ["timer", "status"], stdout: "", stderr: "No timer is running.\n"),
    // What the shell's completion script runs for `tally item add <Tab>`.
    Read(
      arguments: ["---completion", "item", "add", "--", "positional@0", "3", "0"]
        + ["tally", "item", "add", ""],
      stdout: "Car\n"),
  ]

  /// A database with one project and one reading, in a folder of its own, written at a fixed
  /// time; the sandbox's environment reads it at that time.
  func sample() throws -> (Sandbox, URL) {
    let sandbox = try Sandbox()
    let folder = sandbox.folder.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let database = folder.appendingPathComponent("tally.sqlite")
    sandbox.environment["TALLY_DB"] = database.path
    sandbox.environment["TALLY_NOW"] = "2024-03-01T10:00:00Z"
    for arguments in [
      ["project", "add", "Car", "--frequency", "daily", "--units", "km"],
      ["item", "add", "Car", "42.5", "--at", "2024-02-28T08:00:00Z", "--note", "full tank"],
    ] {
      let result = try sandbox.tally.run(arguments, environment: sandbox.environment)
      try #require(result.status == 0, "\(arguments): \(result.stderr)")
    }
    return (sandbox, database)
  }

  /// The folder's files and their bytes.
  func contents(of folder: URL) throws -> [String: Data] {
    var contents: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      contents[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return contents
  }

  @Test(arguments: WriteRestriction.allCases, reads)
  func aReadWorksWhereNothingMayBeWritten(_ restriction: WriteRestriction, _ read: Read) throws {
    let (sandbox, database) = try sample()
    let folder = database.deletingLastPathComponent()
    let before = try contents(of: folder)
    try #require(Array(before.keys) == ["tally.sqlite"])
    let tally = try restriction.apply(to: database, in: sandbox)
    defer { try? WriteRestriction.lift(from: database) }
    let result = try tally.run(read.arguments, environment: sandbox.environment)
    #expect(result.status == 0)
    #expect(result.stdout == read.stdout)
    #expect(result.stderr == read.stderr)
    #expect(try contents(of: folder) == before)
  }

  @Test(arguments: reads)
  func aReadWorksWhileAnotherProgramHoldsTheWriteLock(_ read: Read) throws {
    let (sandbox, database) = try sample()
    let lock = try HeldWriteLock(on: database)
    defer { try? lock.release() }
    // The lock is held: another writer is refused at once.
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    probe.arguments = ["sqlite3", database.path, "BEGIN IMMEDIATE;"]
    probe.standardError = FileHandle.nullDevice
    try probe.run()
    probe.waitUntilExit()
    #expect(probe.terminationStatus != 0)
    let result = try sandbox.tally.run(read.arguments, environment: sandbox.environment)
    #expect(result.status == 0)
    #expect(result.stdout == read.stdout)
    #expect(result.stderr == read.stderr)
  }

  @Test func aReadLeavesNoFileBesideAWritableDatabase() throws {
    let (sandbox, database) = try sample()
    let folder = database.deletingLastPathComponent()
    let before = try contents(of: folder)
    for read in Self.reads {
      let result = try sandbox.tally.run(read.arguments, environment: sandbox.environment)
      #expect(result.status == 0)
    }
    #expect(try contents(of: folder) == before)
  }

  @Test(arguments: WriteRestriction.allCases)
  func aWriteIsRefusedBeforeSQLiteMakesAnyFile(_ restriction: WriteRestriction) throws {
    let (sandbox, database) = try sample()
    let folder = database.deletingLastPathComponent()
    let before = try contents(of: folder)
    let tally = try restriction.apply(to: database, in: sandbox)
    defer { try? WriteRestriction.lift(from: database) }
    let result = try tally.run(["item", "add", "Car", "50"], environment: sandbox.environment)
    #expect(result.status == 1)
    let hint =
      "Nothing was changed. Commands that only read (lists, reports, export) work on it.\n"
    switch restriction {
    case .readOnlyFolder:
      #expect(
        result.stderr
          == "Error: the database \(database.path) cannot be written: you may not write its "
          + "folder \(folder.path), where SQLite keeps its journal\n" + hint)
    case .readOnlyFile:
      #expect(
        result.stderr
          == "Error: the database \(database.path) is read-only: you may not write it\n" + hint)
    }
    #expect(result.stdout == "")
    #expect(try contents(of: folder) == before)
  }
}
