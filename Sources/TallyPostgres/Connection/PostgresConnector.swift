import Foundation
import Libpq
import Logging

/// Opens connections to one server with tally's timeouts: a deadline on connecting and logging
/// in, the server's limits on statements, locks and idle transactions sent at startup, and TCP
/// keepalive, so that a connection whose server went quiet is noticed within seconds rather
/// than hours.
struct PostgresConnector: Sendable {
  let address: PostgresAddress
  let logger: Logger

  /// How TCP keepalive looks for a server that went away.
  ///
  /// The first probe after `idle` quiet seconds, then one every `interval` seconds; data the
  /// server has not acknowledged for `userTimeout` milliseconds gives the connection up. A
  /// server that is gone is noticed within about 11 seconds.
  private static let keepalive = (idle: 5, interval: 2, count: 3, userTimeout: 10_000)

  /// Where the system keeps the certificates it trusts: what `verify-ca` and `verify-full`
  /// check a server's against, unless `~/.postgresql/root.crt` or `PGSSLROOTCERT` names others.
  private static let systemCertificates = "/etc/ssl/certs/ca-certificates.crt"

  /// Connects and logs in.
  ///
  /// - Parameter id: The connection's number, for the log.
  /// - Returns: The connection, logged in.
  /// - Throws: ``PGError`` (connectionFailed) with libpq's reason: no server, a refused login,
  ///   a TLS handshake that failed.
  func connect(id: Int) throws -> PGConnection {
    let timeouts = address.timeouts
    logger.debug(
      "connecting",
      metadata: ["server": "\(address)", "connect_timeout": "\(timeouts.connect)s"])
    do {
      let connection = try PGConnection.connect(parameters)
      logger.debug(
        "connected",
        metadata: [
          "server": "\(address)", "connection": "\(id)",
          "host": "\(connection.setting("host") ?? "?"):\(connection.setting("port") ?? "?")",
          "settings":
            "\(timeouts.settings.keys.sorted().map { "\($0)=\(timeouts.settings[$0] ?? "")" })",
        ])
      return connection
    } catch {
      logger.debug("cannot connect", metadata: ["server": "\(address)", "error": "\(error)"])
      throw error
    }
  }

  /// libpq's keywords and values: tally's keepalive and name, which the URL may change; the
  /// URL itself, which libpq reads; then tally's timeouts (merged with the URL's `options`)
  /// and the role or database chosen over the URL's.
  var parameters: [(keyword: String, value: String)] {
    let timeouts = address.timeouts
    var parameters: [(keyword: String, value: String)] = [
      ("application_name", "tally"), ("keepalives", "1"),
      ("keepalives_idle", String(Self.keepalive.idle)),
      ("keepalives_interval", String(Self.keepalive.interval)),
      ("keepalives_count", String(Self.keepalive.count)),
      ("tcp_user_timeout", String(Self.keepalive.userTimeout)),
    ]
    if ["verify-ca", "verify-full"].contains(address.sslMode), address.namesNoCertificates,
      Self.hasNoCertificateFile
    {
      parameters.append(("sslrootcert", Self.systemCertificates))
    }
    parameters.append(("dbname", address.url))
    parameters.append(("connect_timeout", String(timeouts.connect)))
    parameters.append(("options", Self.options(timeouts.settings)))
    for keyword in address.overrides.keys.sorted() {
      parameters.append((keyword, address.overrides[keyword] ?? ""))
    }
    return parameters
  }

  /// Whether the person keeps no `~/.postgresql/root.crt`, which libpq would trust instead.
  private static var hasNoCertificateFile: Bool {
    let environment = ProcessInfo.processInfo.environment
    let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
    return !FileManager.default.fileExists(atPath: home + "/.postgresql/root.crt")
  }

  /// Server settings as libpq's `options`: `-c name=value`, spaces and backslashes escaped.
  static func options(_ settings: [String: String]) -> String {
    settings.keys.sorted().map { name in
      let value = (settings[name] ?? "").replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: " ", with: "\\ ")
      return "-c \(name)=\(value)"
    }.joined(separator: " ")
  }
}
