import Foundation
import Testing

/// What `--db` and `TALLY_DB` may name.
///
/// A file (or nothing yet) is a database; a named pipe, a device, a folder or a socket is
/// refused at once with what it is, and nothing is made. A leading `~/` is the home folder.
@Suite struct DatabasePathTests {
  /// A command of each sort: one that reads, one that writes, one that creates.
  static let commands: [[String]] = [
    ["project", "list"], ["item", "add", "Car", "1"],
    ["project", "add", "Car", "--frequency", "daily"],
  ]

  /// The sandbox's files, to compare before and after.
  func files(in sandbox: Sandbox) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path).sorted()
  }

  /// Runs `arguments` on the database at `path`, named by `--db` and by `TALLY_DB`, and checks
  /// that each is refused with `message` and that no file is made.
  func expectRefusal(
    of path: String, _ arguments: [String], in sandbox: Sandbox, message: String
  ) throws {
    let before = try files(in: sandbox)
    let named = try sandbox.tally.run(
      ["--db", path] + arguments, environment: sandbox.environment)
    var environment = sandbox.environment
    environment["TALLY_DB"] = path
    let fromEnvironment = try sandbox.tally.run(arguments, environment: environment)
    for result in [named, fromEnvironment] {
      #expect(result.status == 1)
      #expect(result.stdout == "")
      #expect(result.stderr == message)
    }
    #expect(try files(in: sandbox) == before)
  }

  @Test(arguments: commands)
  func aNamedPipeIsRefusedAtOnce(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    let pipe = sandbox.folder.appendingPathComponent("pipe").path
    try #require(mkfifo(pipe, 0o600) == 0)
    // Opened, the pipe would wait for a writer for ever.
    try expectRefusal(
      of: pipe, arguments, in: sandbox,
      message: """
        Error: \(pipe) is a named pipe (FIFO), not a database file; nothing was opened
        Name a regular file with --db or TALLY_DB.

        """)
  }

  @Test(arguments: commands)
  func aDeviceIsRefusedAndGetsNoJournalBesideIt(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    try expectRefusal(
      of: "/dev/null", arguments, in: sandbox,
      message: """
        Error: /dev/null is a character device, not a database file; nothing was opened
        Name a regular file with --db or TALLY_DB.

        """)
    #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
  }

  @Test(arguments: commands)
  func aSocketIsRefused(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    let path = sandbox.folder.appendingPathComponent("socket").path
    let socket = try UnixSocket(boundTo: path)
    defer { socket.close() }
    try expectRefusal(
      of: path, arguments, in: sandbox,
      message: """
        Error: \(path) is a socket, not a database file; nothing was opened
        Name a regular file with --db or TALLY_DB.

        """)
  }

  @Test(arguments: commands)
  func aFolderIsRefusedWithAFileToNameInstead(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    let folder = sandbox.folder.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    try expectRefusal(
      of: folder.path, arguments, in: sandbox,
      message: """
        Error: \(folder.path) is a folder, not a database file
        Name a file with --db or TALLY_DB, such as \(folder.path)/tally.sqlite.

        """)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func aLinkToNothingIsNotFollowedToMakeADatabase() throws {
    let sandbox = try Sandbox()
    let link = sandbox.folder.appendingPathComponent("link.sqlite").path
    let target = sandbox.folder.appendingPathComponent("gone/tally.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let before = try files(in: sandbox)
    let add = try sandbox.tally.run(
      ["--db", link, "project", "add", "Car", "--frequency", "daily"],
      environment: sandbox.environment)
    #expect(add.status == 1)
    #expect(
      add.stderr == """
        Error: \(link) is a symbolic link to \(target), which does not exist
        Name the database file itself with --db or TALLY_DB.

        """)
    // A command that only reads answers as for an empty database.
    let list = try sandbox.tally.run(
      ["--db", link, "project", "list", "--format", "csv"], environment: sandbox.environment)
    #expect(list.status == 0)
    #expect(list.stdout == "title,units,frequency,readings,last_reading,updated_at,group\n")
    #expect(try files(in: sandbox) == before)
  }

  @Test(arguments: [
    ["--db", "~/tally.sqlite"], ["--db=~/tally.sqlite"],
  ])
  func aLeadingTildeInTheOptionIsTheHomeFolder(_ option: [String]) throws {
    let sandbox = try Sandbox()
    var environment = sandbox.environment
    environment["HOME"] = sandbox.folder.path
    environment["TALLY_DB"] = nil
    let add = try sandbox.tally.run(
      option + ["project", "add", "Car", "--frequency", "daily"], environment: environment)
    #expect(add.status == 0)
    #expect(add.stderr == "Created project Car\n")
    #expect(try files(in: sandbox) == ["tally.sqlite"])
  }

  @Test func aLeadingTildeInTheVariableIsTheHomeFolder() throws {
    let sandbox = try Sandbox()
    var environment = sandbox.environment
    environment["HOME"] = sandbox.folder.path
    environment["TALLY_DB"] = "~/data/tally.sqlite"
    let add = try sandbox.tally.run(
      ["project", "add", "Car", "--frequency", "daily"], environment: environment)
    #expect(add.status == 0)
    let list = try sandbox.tally.run(
      ["project", "list", "--format", "csv"], environment: environment)
    #expect(
      list.stdout.hasPrefix("title,units,frequency,readings,last_reading,updated_at,group\nCar,"))
    #expect(
      FileManager.default.fileExists(
        atPath: sandbox.folder.appendingPathComponent("data/tally.sqlite").path))
  }
}

/// A Unix domain socket bound to a path, as a server would leave one.
struct UnixSocket {
  let descriptor: Int32

  init(boundTo path: String) throws {
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    try #require(descriptor >= 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      buffer.copyBytes(from: bytes)
    }
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(descriptor, socketAddress, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0)
  }

  func close() {
    _ = Glibc.close(descriptor)
  }
}
