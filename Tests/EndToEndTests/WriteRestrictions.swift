import Foundation
import Testing

/// Where tally may not write, made real for the user the tests run as.
///
/// A normal user loses write access by `chmod`; root does not (it writes through any mode), so
/// as root tally runs as the user `nobody` (through `setpriv`) on files and folders whose
/// modes shut `nobody` out.
enum WriteRestriction: String, CaseIterable, CustomTestStringConvertible {
  /// The folder may not be written; the file may.
  case readOnlyFolder
  /// The file may not be written; its folder may.
  case readOnlyFile

  var testDescription: String { rawValue }

  static var isRoot: Bool { geteuid() == 0 }

  /// Takes write access to `database` or its folder away, and returns the tally that runs
  /// without it.
  func apply(to database: URL, in sandbox: Sandbox) throws -> TallyBinary {
    let folder = database.deletingLastPathComponent()
    let (folderMode, fileMode): (Int, Int) =
      switch (self, Self.isRoot) {
      // nobody reads both; it writes the file but not root's 0755 folder.
      case (.readOnlyFolder, true): (0o755, 0o666)
      case (.readOnlyFolder, false): (0o555, 0o600)
      // nobody writes the folder but reads the file only.
      case (.readOnlyFile, true): (0o777, 0o444)
      case (.readOnlyFile, false): (0o700, 0o444)
      }
    try FileManager.default.setAttributes(
      [.posixPermissions: fileMode], ofItemAtPath: database.path)
    try FileManager.default.setAttributes(
      [.posixPermissions: folderMode], ofItemAtPath: folder.path)
    guard Self.isRoot else { return sandbox.tally }
    let setpriv = "/usr/bin/setpriv"
    try #require(
      FileManager.default.isExecutableFile(atPath: setpriv),
      "as root, the test runs tally as nobody with \(setpriv) (util-linux)")
    let script = sandbox.folder.appendingPathComponent("tally-as-nobody")
    try Data(
      """
      #!/bin/sh
      exec \(setpriv) --reuid 65534 --regid 65534 --clear-groups '\(sandbox.tally.url.path)' "$@"

      """.utf8
    ).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    return TallyBinary(running: script)
  }

  /// Gives write access back, so that the sandbox can be removed.
  static func lift(from database: URL) throws {
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o700], ofItemAtPath: database.deletingLastPathComponent().path)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600], ofItemAtPath: database.path)
  }
}

extension TallyBinary {
  /// A tally started by the program at `url` (a script that runs the real one).
  init(running url: URL) {
    self.url = url
  }
}

/// Another program in a write transaction on a database: the `sqlite3` shell after `BEGIN
/// IMMEDIATE`, until ``release()``.
final class HeldWriteLock {
  private let shell = Process()
  private let input = Pipe()
  private let output = Pipe()

  /// Starts the shell and waits until it says it holds the lock.
  init(on database: URL) throws {
    shell.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    shell.arguments = ["sqlite3", database.path]
    shell.standardInput = input
    shell.standardOutput = output
    shell.standardError = output
    try shell.run()
    input.fileHandleForWriting.write(
      Data(
        """
        BEGIN IMMEDIATE;
        INSERT INTO setting (name, value) VALUES ('held', 'by sqlite3');
        .print holding the lock

        """.utf8))
    // Its output up to that line: read as it comes, no waiting by the clock.
    var said = ""
    while !said.contains("holding the lock\n") {
      let data = output.fileHandleForReading.availableData
      try #require(!data.isEmpty, "sqlite3 ended before it held the lock: \(said)")
      said += String(decoding: data, as: UTF8.self)
    }
    try #require(said == "holding the lock\n", "sqlite3 said: \(said)")
  }

  /// Rolls the transaction back and waits for the shell to end.
  func release() throws {
    input.fileHandleForWriting.write(Data("ROLLBACK;\n.quit\n".utf8))
    try input.fileHandleForWriting.close()
    shell.waitUntilExit()
  }
}
