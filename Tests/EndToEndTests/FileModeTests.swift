import Foundation
import Testing

/// The files tally makes are its user's alone, whatever the umask.
///
/// The database and the `-wal` and `-shm` beside it are `0600`, the folders it makes `0700`.
/// Files and folders that were there keep their modes.
@Suite struct FileModeTests {
  /// The permission bits of what is at `path`.
  func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
  }

  /// Runs tally with the umask `0000`, under which a file or folder made with the usual
  /// modes would be open to everyone.
  func runWithOpenUmask(
    _ arguments: [String], in sandbox: Sandbox, input: String? = nil
  ) throws -> TallyBinary.Result {
    let script = sandbox.folder.appendingPathComponent("tally-open-umask")
    if !FileManager.default.fileExists(atPath: script.path) {
      try Data("#!/bin/sh\numask 0000\nexec '\(sandbox.tally.url.path)' \"$@\"\n".utf8)
        .write(to: script)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    }
    return try TallyBinary(running: script).run(
      arguments, environment: sandbox.environment, input: input)
  }

  @Test(arguments: [
    ["project", "add", "Car", "--frequency", "daily"],
    ["import", "readings.csv", "--project", "Car", "--create", "--frequency", "daily"],
  ])
  func aNewDatabaseAndItsFoldersAreTheUsersAlone(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    try Data("date,amount\n2024-01-01,5\n".utf8)
      .write(to: sandbox.folder.appendingPathComponent("readings.csv"))
    let outer = sandbox.folder.appendingPathComponent("data")
    let inner = outer.appendingPathComponent("tally")
    let database = inner.appendingPathComponent("tally.sqlite")
    let sandboxMode = try mode(sandbox.folder.path)
    let result = try runWithOpenUmask(
      ["--db", database.path]
        + arguments.map {
          $0 == "readings.csv" ? sandbox.folder.appendingPathComponent($0).path : $0
        }, in: sandbox)
    #expect(result.status == 0)
    #expect(try mode(database.path) == 0o600)
    #expect(try mode(inner.path) == 0o700)
    #expect(try mode(outer.path) == 0o700)
    // The folder that was there is as it was.
    #expect(try mode(sandbox.folder.path) == sandboxMode)
  }

  @Test func theFilesBesideAnOpenDatabaseAreTheUsersAlone() throws {
    let sandbox = try Sandbox()
    let database = sandbox.folder.appendingPathComponent("new/tally.sqlite")
    let script = sandbox.folder.appendingPathComponent("tally-open-umask")
    try Data("#!/bin/sh\numask 0000\nexec '\(sandbox.tally.url.path)' \"$@\"\n".utf8)
      .write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    // The REPL keeps the database open between lines: its -wal and -shm are there to look at
    // once it has answered the first.
    let repl = Process()
    repl.executableURL = script
    repl.arguments = ["--db", database.path, "repl"]
    repl.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
    let input = Pipe()
    let output = Pipe()
    repl.standardInput = input
    repl.standardOutput = output
    repl.standardError = output
    try repl.run()
    input.fileHandleForWriting.write(Data("project add Car --frequency daily\n".utf8))
    var said = ""
    while !said.contains("Created project Car") {
      let data = output.fileHandleForReading.availableData
      try #require(!data.isEmpty, "the REPL ended: \(said)")
      said += String(decoding: data, as: UTF8.self)
    }
    for file in ["tally.sqlite", "tally.sqlite-wal", "tally.sqlite-shm"] {
      let path = database.deletingLastPathComponent().appendingPathComponent(file).path
      #expect(try mode(path) == 0o600, "\(file)")
    }
    #expect(try mode(database.deletingLastPathComponent().path) == 0o700)
    try input.fileHandleForWriting.close()
    _ = output.fileHandleForReading.readDataToEndOfFile()
    repl.waitUntilExit()
    #expect(repl.terminationStatus == 0)
  }

  @Test func anExistingDatabaseKeepsItsMode() throws {
    let sandbox = try Sandbox()
    let database = try #require(sandbox.environment["TALLY_DB"])
    try sandbox.succeed("project", "add", "Car", "--frequency", "daily")
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: database)
    let result = try runWithOpenUmask(["item", "add", "Car", "5"], in: sandbox)
    #expect(result.status == 0)
    #expect(try mode(database) == 0o640)
  }
}
