import Foundation
import Testing

/// A command that makes a new database and then fails takes back what it made.
///
/// The file, the files SQLite kept beside it and the folders made for it: nothing of tally's
/// is left that was not there before.
@Suite struct FailedCreateTests {
  /// What is under `folder`, every level, as paths relative to it.
  func everything(under folder: URL) throws -> [String] {
    guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    return walk.compactMap { $0 as? String }.sorted()
  }

  @Test func anImportThatCreatesItsProjectAndFailsLeavesNothing() throws {
    let sandbox = try Sandbox()
    let csv = sandbox.folder.appendingPathComponent("readings.csv")
    try Data("date,amount\n2024-01-01,5\n2024-01-02,many\n".utf8).write(to: csv)
    let database = sandbox.folder.appendingPathComponent("new/deeper/tally.sqlite")
    let result = try sandbox.tally.run(
      ["--db", database.path, "import", csv.path, "--project", "Car", "--create"]
        + ["--frequency", "daily"], environment: sandbox.environment)
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        Error: \(csv.path), line 3, column amount: 'many': not a number
        Nothing was imported. Fix the file, or add --skip-invalid to import the valid rows.

        """)
    #expect(try everything(under: sandbox.folder) == ["readings.csv"])
  }

  @Test func anImportOfAFileThatIsNotThereLeavesNothing() throws {
    let sandbox = try Sandbox()
    let database = sandbox.folder.appendingPathComponent("new/tally.sqlite")
    let missing = sandbox.folder.appendingPathComponent("missing.csv")
    let result = try sandbox.tally.run(
      ["--db", database.path, "import", missing.path, "--project", "Car", "--create"]
        + ["--frequency", "daily"], environment: sandbox.environment)
    #expect(result.status == 1)
    #expect(result.stderr == "Error: cannot import \(missing.path): there is no such file\n")
    #expect(try everything(under: sandbox.folder).isEmpty)
  }

  @Test func aCommandThatFailsBeforeItRunsLeavesNothing() throws {
    let sandbox = try Sandbox()
    let database = sandbox.folder.appendingPathComponent("new/tally.sqlite")
    var environment = sandbox.environment
    environment["TALLY_NOW"] = "yesterday"
    let result = try sandbox.tally.run(
      ["--db", database.path, "project", "add", "Car", "--frequency", "daily"],
      environment: environment)
    #expect(result.status == 1)
    #expect(
      result.stderr == "Error: TALLY_NOW 'yesterday': not a date or time (expected ISO 8601 "
        + "such as 2024-01-15 or 2024-01-15T08:30)\n")
    #expect(try everything(under: sandbox.folder).isEmpty)
  }

  @Test func aFailureOnADatabaseThatWasThereLeavesIt() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Car", "--frequency", "daily")
    let result = try sandbox.run("project", "add", "car", "--frequency", "daily")
    #expect(result.status == 1)
    #expect(
      result.stderr == "Error: a project titled 'Car' already exists\n"
        + "Titles are unique, ignoring case; choose another.\n")
    #expect(try everything(under: sandbox.folder) == ["tally.sqlite"])
  }

  @Test(.enabled(if: SmallDisk.canMount, SmallDisk.skipReason))
  func aDiskTooSmallForTheNewDatabaseLeavesNothing() throws {
    let sandbox = try Sandbox()
    let disk = try SmallDisk(in: sandbox, size: "64k")
    defer { disk.unmount() }
    let database = disk.folder.appendingPathComponent("a/b/tally.sqlite")
    let result = try sandbox.tally.run(
      ["--db", database.path, "project", "add", "Car", "--frequency", "daily"],
      environment: sandbox.environment)
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        Error: cannot open the database: the disk holding \(database.path) is full
        Nothing was changed.

        """)
    #expect(try everything(under: disk.folder).isEmpty)
  }

  @Test(.enabled(if: SmallDisk.canMount, SmallDisk.skipReason))
  func aDiskThatFillsDuringTheFirstImportLeavesNothing() throws {
    let sandbox = try Sandbox()
    // The new database fits in 2 MB; its first import of 100,000 readings does not.
    let disk = try SmallDisk(in: sandbox, size: "2m")
    defer { disk.unmount() }
    let csv = sandbox.folder.appendingPathComponent("readings.csv")
    var text = "date,amount,note\n"
    for minute in 0..<100_000 {
      text += "2024-01-01T00:00:00Z,\(minute),a note that takes some room \(minute)\n"
    }
    try Data(text.utf8).write(to: csv)
    let database = disk.folder.appendingPathComponent("data/tally.sqlite")
    let result = try sandbox.tally.run(
      ["--db", database.path, "import", csv.path, "--project", "Car", "--create"]
        + ["--frequency", "daily"], environment: sandbox.environment)
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        Error: cannot import \(csv.path): the disk holding \(database.path) is full
        Nothing was changed.

        """)
    #expect(try everything(under: disk.folder).isEmpty)
  }
}

/// A small file system of its own (tmpfs), for a disk that fills: root may mount one; the
/// tests that need it are skipped otherwise.
struct SmallDisk {
  let folder: URL

  static let skipReason: Comment =
    "mounting a small tmpfs needs root (mount -t tmpfs): the disk-full tests were SKIPPED"

  /// Whether a tmpfs can be mounted here: tried once, in a folder of its own.
  static let canMount: Bool = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-tmpfs-probe-\(UUID().uuidString)")
    guard
      (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true))
        != nil
    else { return false }
    defer { try? FileManager.default.removeItem(at: folder) }
    guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path]) else {
      return false
    }
    return run("/bin/umount", [folder.path])
  }()

  /// Mounts a tmpfs of `size` (`64k`, `2m`) in the sandbox.
  init(in sandbox: Sandbox, size: String) throws {
    folder = sandbox.folder.appendingPathComponent("disk")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    try #require(
      Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0755", "tmpfs", folder.path]))
  }

  func unmount() {
    _ = Self.run("/bin/umount", [folder.path])
  }

  private static func run(_ program: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
