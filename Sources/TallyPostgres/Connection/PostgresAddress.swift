import Foundation
import Libpq
public import TallyCore

/// A PostgreSQL server and database as a `postgresql://` URL names them, read by libpq as
/// `psql` reads it: several hosts (`postgresql://a:5432,b:5432/team?target_session_attrs=
/// read-write`), `service` and `PGSERVICE`, `.pgpass`, every `sslmode`, and the `PG…`
/// environment variables for what the URL leaves out.
///
/// libpq is handed the URL as it was written; tally adds its timeouts and keepalive around
/// it, and reads it only to name the server in messages. Its description never holds the
/// password: messages may print it.
public struct PostgresAddress: Equatable, Sendable, CustomStringConvertible {
  /// The URL as it was given, password and all; it is never shown.
  let url: String
  /// Keywords set after the URL, overriding it: a role or a database a test or an
  /// administrator's command chose.
  private(set) var overrides: [String: String] = [:]
  /// The hosts, in the order libpq tries them (host names, addresses, or Unix socket folders
  /// starting with `/`); empty when nothing names one and libpq uses its default.
  public let hosts: [String]
  /// The port of each host (one for all when only one is given).
  public let ports: [String]
  /// The password the URL or `PGPASSWORD` gives, if any; libpq also looks in `.pgpass`.
  public let password: String?
  /// How the connection is encrypted (`sslmode`), as libpq will read it.
  public let sslMode: String
  /// How long tally waits for the server.
  public var timeouts = PostgresTimeouts()
  /// Whether nothing names the certificates that `verify-ca` and `verify-full` trust.
  let namesNoCertificates: Bool

  /// The role to log in as.
  public var user: String {
    didSet { overrides["user"] = user }
  }
  /// The database.
  public var database: String {
    didSet { overrides["dbname"] = database }
  }

  /// The first host, as the tests' helpers build URLs from it.
  public var host: String { hosts.first ?? "localhost" }
  /// The first port.
  public var port: Int { ports.first.flatMap { Int($0) } ?? 5432 }

  /// Whether `text` names a PostgreSQL server rather than a file.
  public static func isServerURL(_ text: String) -> Bool {
    let lower = text.lowercased()
    return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
  }

  /// Reads a `postgresql://[user[:password]@][host[:port][,…]][/database][?keyword=value…]`
  /// URL as libpq reads it.
  ///
  /// - Parameters:
  ///   - url: The URL.
  ///   - environment: The `PG…` variables libpq reads for what the URL leaves out; tally reads
  ///     them too, to name the server and to merge `PGOPTIONS` and `PGCONNECT_TIMEOUT` into
  ///     its timeouts.
  ///   - homeDirectory: Where `.pg_service.conf` is looked for.
  ///   - loginName: The role when nothing else names one, as libpq.
  /// - Throws: ``TallyError`` with libpq's reason when it cannot read the URL; the message
  ///   leaves the password out.
  public init(
    url: String, environment: [String: String], homeDirectory: String, loginName: String
  ) throws(TallyError) {
    guard Self.isServerURL(url) else {
      throw TallyError(
        .invalidInput, "\(Self.redacted(url)) is not a PostgreSQL URL",
        hint: "Write it as postgresql://USER@HOST:PORT/DATABASE.")
    }
    let written: [String: String]
    do {
      written = try PGConnectionString.parse(url)
    } catch {
      throw TallyError(
        .invalidInput, "\(Self.redacted(url)): \(error.message)",
        hint: "Write it as postgresql://USER@HOST:PORT/DATABASE, as psql reads it.")
    }
    func setting(_ name: String) -> String? {
      environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
    let service = (written["service"] ?? setting("PGSERVICE")).map {
      PostgresServiceFile.settings(of: $0, environment: environment, homeDirectory: homeDirectory)
    }
    // What libpq will use: the URL, else the service, else the environment.
    func effective(_ keyword: String, _ variable: String) -> String? {
      (written[keyword] ?? service?[keyword] ?? setting(variable)).flatMap {
        $0.isEmpty ? nil : $0
      }
    }
    self.url = url
    hosts = Self.list(effective("host", "PGHOST") ?? effective("hostaddr", "PGHOSTADDR"))
    ports = Self.list(effective("port", "PGPORT"))
    if let wrong = ports.first(where: { Int($0).map { !(1...65_535).contains($0) } ?? true }) {
      throw TallyError(
        .invalidInput, "\(Self.redacted(url)): the port \(wrong) is not a port number")
    }
    user = effective("user", "PGUSER") ?? loginName
    database = effective("dbname", "PGDATABASE") ?? user
    password = written["password"] ?? setting("PGPASSWORD")
    sslMode = effective("sslmode", "PGSSLMODE") ?? "prefer"
    namesNoCertificates = effective("sslrootcert", "PGSSLROOTCERT") == nil
    do {
      timeouts = try PostgresTimeouts(
        connectTimeout: effective("connect_timeout", "PGCONNECT_TIMEOUT"),
        options: effective("options", "PGOPTIONS"))
    } catch {
      throw TallyError(.invalidInput, "\(Self.redacted(url)): \(error.message)", hint: error.hint)
    }
  }

  /// libpq's comma-separated list, as `host` and `port` hold it.
  private static func list(_ text: String?) -> [String] {
    (text ?? "").split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      .filter { !$0.isEmpty }
  }

  public static func == (left: PostgresAddress, right: PostgresAddress) -> Bool {
    left.url == right.url && left.overrides == right.overrides && left.timeouts == right.timeouts
  }

  /// The URL without the password, as messages show it: every host, the role, the database.
  public var description: String {
    let shown = hosts.enumerated().map { index, host in
      let name = host.hasPrefix("/") ? "[\(host)]" : host
      let port = ports.count == hosts.count ? ports[index] : ports.first ?? "5432"
      return "\(name):\(port)"
    }
    return "postgresql://\(user)@\(shown.joined(separator: ","))/\(database)"
  }

  /// `url` with any password in it replaced by `***`, for a message about a URL that could
  /// not be read.
  public static func redacted(_ url: String) -> String {
    guard let scheme = url.range(of: "://") else { return url }
    let rest = url[scheme.upperBound...]
    let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
    let authority = rest[..<authorityEnd]
    var shown = url
    if let at = authority.lastIndex(of: "@"),
      let colon = authority[..<at].firstIndex(of: ":")
    {
      shown.replaceSubrange(authority.index(after: colon)..<at, with: "***")
    }
    return shown.replacingOccurrences(
      of: #"password=[^&#]*"#, with: "password=***", options: .regularExpression)
  }
}
