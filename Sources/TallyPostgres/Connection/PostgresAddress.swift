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

  /// Whether `text` names a PostgreSQL server rather than a file: a `postgresql://` URL (or
  /// anything that starts as one, refused when it is not one: a file is never named after a
  /// URL and its password), or a libpq connection string of keywords (`host=db dbname=tally`).
  public static func isServerURL(_ text: String) -> Bool {
    let lower = text.lowercased()
    if lower.hasPrefix("postgresql:") || lower.hasPrefix("postgres:") { return true }
    guard let equals = text.firstIndex(of: "=") else { return false }
    return keywords.contains(text[..<equals].trimmingCharacters(in: .whitespaces))
  }

  /// libpq's connection keywords that a connection string may start with.
  static let keywords: Set = [
    "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "service", "sslmode",
    "connect_timeout", "options", "application_name", "target_session_attrs", "sslcert",
    "sslkey", "sslrootcert", "sslpassword", "gssencmode", "krbsrvname", "channel_binding",
    "keepalives", "require_auth", "load_balance_hosts", "client_encoding", "requiressl",
  ]

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
    let url = Self.lowercasingScheme(url)
    let lower = url.lowercased()
    let isURL = lower.hasPrefix("postgresql:") || lower.hasPrefix("postgres:")
    guard Self.isServerURL(url), !isURL || url.contains("://") else {
      throw TallyError(
        .invalidInput, "\(Self.redacted(url)) is not a PostgreSQL URL",
        hint: "Write it as postgresql://USER@HOST:PORT/DATABASE (two slashes).")
    }
    if isURL, let scheme = url.range(of: "://") {
      let beforeQuery = url[scheme.upperBound...].prefix { !"?#".contains($0) }
      if beforeQuery.filter({ $0 == "@" }).count > 1 {
        throw TallyError(
          .invalidInput,
          "\(Self.redacted(url)): the URL holds @ more than once before its host",
          hint: "Write an @ in the role or the password as %40.")
      }
      if let at = beforeQuery.firstIndex(of: "@"), beforeQuery[..<at].contains("/") {
        throw TallyError(
          .invalidInput, "\(Self.redacted(url)): the URL holds / before its @",
          hint: "Write a / in the role or the password as %2F.")
      }
    }
    let written: [String: String]
    do {
      written = try PGConnectionString.parse(url)
    } catch {
      throw TallyError(
        .invalidInput, "\(Self.redacted(url)): \(Self.scrub(error.message, of: url))",
        hint: Self.hint(for: error.message))
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
        .invalidInput, "\(Self.redacted(url)): the port \(wrong) is not a port number",
        hint: "A port is a number from 1 to 65535 after the host's colon: "
          + "postgresql://USER@HOST:5432/DATABASE.")
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

  /// The URL as it was given, its password replaced by `***`.
  public var written: String { Self.redacted(url) }

  /// `url` with its scheme in small letters, as libpq knows it (`POSTGRESQL://` is not one
  /// to libpq, which would read the URL as keywords and quote it whole).
  static func lowercasingScheme(_ url: String) -> String {
    guard let colon = url.firstIndex(of: ":"),
      ["postgresql", "postgres"].contains(url[..<colon].lowercased())
    else { return url }
    return url[..<colon].lowercased() + url[colon...]
  }

  /// libpq's message about a URL it could not read, without the URL's password: libpq
  /// quotes the URL or the token it stopped at, which may be the password.
  static func scrub(_ message: String, of url: String) -> String {
    var scrubbed = message.replacingOccurrences(of: url, with: redacted(url))
    for secret in secrets(of: url) where !secret.isEmpty {
      scrubbed = scrubbed.replacingOccurrences(of: secret, with: "***")
    }
    return scrubbed
  }

  /// The password as the URL writes it and as it is read, wherever it stands.
  private static func secrets(of url: String) -> [String] {
    var found: [String] = []
    if let scheme = url.range(of: ":") {
      let rest = url[scheme.upperBound...].drop { $0 == "/" }
      let authority = rest.prefix { !"?#".contains($0) }
      if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
        found.append(String(authority[authority.index(after: colon)..<at]))
      }
    }
    if let expression = try? Regex(#"password\s*=\s*('[^']*'|[^&#\s]*)"#) {
      for match in url.matches(of: expression) {
        let value = url[match.range].drop { $0 != "=" }.dropFirst()
          .trimmingCharacters(in: CharacterSet(charactersIn: " '"))
        found.append(value)
      }
    }
    return found.flatMap { [$0, $0.removingPercentEncoding ?? $0] }.sorted { $0.count > $1.count }
  }

  /// What to do about libpq's refusal of a URL.
  private static func hint(for message: String) -> String {
    if message.contains("key/value separator") {
      return "Inside a value, write = as %3D and a space as %20: "
        + "options=-c%20statement_timeout%3D10min."
    }
    if message.contains("invalid percent-encoded token") {
      return "A % must start a code of two hex digits: write a % itself (in a password too) as "
        + "%25, an @ as %40, a / as %2F."
    }
    if message.contains("invalid URI query parameter")
      || message.contains("invalid connection option")
    {
      return "The parameters are libpq's, as for psql: host, port, dbname, user, password, "
        + "sslmode, connect_timeout, options, target_session_attrs, service, application_name …"
    }
    return "Write it as postgresql://USER@HOST:PORT/DATABASE, as psql reads it."
  }

  /// `url` with any password in it replaced by `***`, for a message about a URL that could
  /// not be read.
  public static func redacted(_ url: String) -> String {
    guard url.lowercased().hasPrefix("postgres"), let scheme = url.range(of: ":") else {
      return url.replacingOccurrences(
        of: #"password\s*=\s*('[^']*'|\S*)"#, with: "password=***", options: .regularExpression)
    }
    // Up to the query: a password may hold a / that libpq would end the host at.
    let rest = url[scheme.upperBound...].drop { $0 == "/" }
    let authorityEnd = rest.firstIndex { "?#".contains($0) } ?? rest.endIndex
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
