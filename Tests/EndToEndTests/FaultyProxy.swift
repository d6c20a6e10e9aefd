import Foundation

/// `Tests/postgres/proxy.py` between tally and a server: it breaks the connection of a write
/// at a chosen moment around its `COMMIT`, or never answers at all.
final class FaultyProxy {
  /// When the proxy breaks the connection (see proxy.py).
  enum Mode: String {
    case beforeCommit = "before-commit"
    case afterCommit = "after-commit"
    case afterCommitGone = "after-commit-gone"
    case afterAnswer = "after-answer"
    case silent
  }

  private let process = Process()
  private let input = Pipe()
  /// The port it listens on, on 127.0.0.1.
  let port: Int

  /// Starts a proxy to the server at `host`:`port`.
  init(to host: String, port upstream: Int, _ mode: Mode) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", ThrowawayCluster.scripts.appendingPathComponent("proxy.py").path, host,
      String(upstream), mode.rawValue,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = input
    try process.run()
    var line = Data()
    while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
      byte != Data("\n".utf8)
    {
      line.append(byte)
    }
    guard let port = Int(String(decoding: line, as: UTF8.self)) else {
      throw NotStarted()
    }
    self.port = port
  }

  deinit {
    try? input.fileHandleForWriting.close()
    process.terminate()
  }

  /// `url` with the proxy in place of the server, unencrypted (the proxy reads the messages).
  func url(through url: String) -> String {
    let host = url.replacingOccurrences(
      of: #"@[^/]+/"#, with: "@127.0.0.1:\(port)/", options: .regularExpression)
    return host + (host.contains("?") ? "&" : "?") + "sslmode=disable"
  }

  struct NotStarted: Error {}
}
