import Foundation
import TestSupport
import Testing

/// A fresh database in a temporary folder, and tally run against it in UTC.
final class Sandbox {
  let folder: URL
  let tally: TallyBinary
  var environment: [String: String]

  /// A sandbox on `backend`: a new SQLite file, or a new database on the test server.
  convenience init(_ backend: Backend) throws {
    try self.init()
    if backend == .postgres {
      environment["TALLY_DB"] = try PostgresTestServer.newDatabaseURL()
    }
  }

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    tally = try TallyBinary()
    environment = [
      "TALLY_DB": folder.appendingPathComponent("tally.sqlite").path, "TZ": "UTC",
      "NO_COLOR": "1",
      // Block elements for bars and sparklines, whatever the machine's locale.
      "LC_ALL": "C.UTF-8",
    ]
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs tally with `arguments`.
  @discardableResult
  func run(_ arguments: String..., now: String? = nil, input: String? = nil) throws
    -> TallyBinary.Result
  {
    var environment = self.environment
    if let now { environment["TALLY_NOW"] = now }
    return try tally.run(arguments, environment: environment, input: input)
  }

  /// Runs tally with `arguments`.
  @discardableResult
  func run(_ arguments: [String], now: String? = nil) throws -> TallyBinary.Result {
    var environment = self.environment
    if let now { environment["TALLY_NOW"] = now }
    return try tally.run(arguments, environment: environment)
  }

  /// Runs tally with `bytes` on its standard input.
  func run(_ arguments: String..., bytes: Data) throws -> TallyBinary.Result {
    try tally.run(arguments, environment: environment, inputBytes: bytes)
  }

  /// Runs tally and fails the test unless it succeeds.
  @discardableResult
  func succeed(_ arguments: String..., now: String? = nil) throws -> String {
    var environment = self.environment
    if let now { environment["TALLY_NOW"] = now }
    let result = try tally.run(arguments, environment: environment)
    guard result.status == 0 else {
      throw Failed(arguments: arguments, result: result)
    }
    return result.stdout
  }

  /// Everything stored, as `tally export` and `tally project list` write it.
  func everything() throws -> String {
    try succeed("export", "--format", "csv") + (try succeed("project", "list", "--format", "csv"))
  }

  struct Failed: Error, CustomStringConvertible {
    let arguments: [String]
    let result: TallyBinary.Result
    var description: String {
      "tally \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)"
    }
  }
}

/// Where the end-to-end tests keep their data: SQLite always, and PostgreSQL when
/// `TALLY_TEST_POSTGRES` names a server (each test then gets a database of its own).
enum Backend: String, CustomTestStringConvertible {
  case sqlite
  case postgres

  static var allCases: [Backend] {
    PostgresTestServer.address == nil ? [.sqlite] : [.sqlite, .postgres]
  }

  var testDescription: String { rawValue }
}

extension Sandbox {
  /// Runs SQL on a database file with the `sqlite3` shell, as another program that writes to
  /// it behind tally's back.
  static func sqlite(_ database: URL, _ sql: String) throws {
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    shell.arguments = ["sqlite3", database.path, sql]
    try shell.run()
    shell.waitUntilExit()
    try #require(shell.terminationStatus == 0, "sqlite3 \(sql)")
  }
}
