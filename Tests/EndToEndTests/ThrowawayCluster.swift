import Foundation

/// A PostgreSQL cluster of a test's own, which the test may stop and start again without
/// disturbing the shared test server: `Tests/postgres/cluster.sh` on a port of its own.
final class ThrowawayCluster {
  /// The folder with the `postgres` scripts.
  static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("postgres")

  let folder: URL
  let port: Int
  /// The URL of its empty database, password and all.
  let url: String

  /// Starts a new cluster on `port` (5470 and up: each test that needs one picks its own).
  init(port: Int) throws {
    self.port = port
    folder = URL(fileURLWithPath: "/tmp/tally-e2e-cluster-\(port)-\(UUID().uuidString.prefix(8))")
    url = try Self.script("start", folder.path, String(port))
  }

  deinit {
    _ = try? Self.script("stop", folder.path)
    try? FileManager.default.removeItem(at: folder)
  }

  /// Stops the server (fast: its clients' connections are ended).
  func stop() throws {
    try Self.script("stop", folder.path)
  }

  /// Starts the stopped server again.
  func restart() throws {
    try Self.script("restart", folder.path, String(port))
  }

  /// Runs `cluster.sh` and returns what it printed.
  ///
  /// It is spawned and waited for directly rather than with `Process`, whose wait missed the
  /// script's end when the server it started outlived it; and the server inherits no file the
  /// test process holds open (other tests' pipes would then never end).
  @discardableResult
  private static func script(_ arguments: String...) throws -> String {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("cluster-\(UUID().uuidString).out")
    defer { try? FileManager.default.removeItem(at: output) }
    let words = [scripts.appendingPathComponent("cluster.sh").path] + arguments
    let command = words.map { "'\($0)'" }.joined(separator: " ") + " >'\(output.path)' 2>/dev/null"
    // Every descriptor past the standard three is closed before the script runs.
    let closing = #"for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done"#
    let argv: [UnsafeMutablePointer<CChar>?] =
      ["/bin/bash", "-c", closing + " 2>/dev/null; " + command].map { (word: String) in
        strdup(word)
      } + [nil]
    defer { for word in argv { free(word) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, "/bin/bash", nil, nil, argv, environ) == 0 else {
      throw ScriptFailed(arguments: arguments, status: -1)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    guard status == 0 else {
      throw ScriptFailed(arguments: arguments, status: status)
    }
    return printed.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  struct ScriptFailed: Error, CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    var description: String { "cluster.sh \(arguments.joined(separator: " ")) exited \(status)" }
  }
}
