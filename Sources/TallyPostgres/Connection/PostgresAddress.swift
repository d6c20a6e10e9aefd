import Foundation
public import TallyCore

/// A PostgreSQL server and database as a `postgresql://` URL names them, with the password
/// found where libpq looks for it: the URL, else `PGPASSWORD`, else the password file.
///
/// Its description never holds the password: messages may print it.
public struct PostgresAddress: Equatable, Sendable, CustomStringConvertible {
  /// Whether and how the connection is encrypted, as libpq's `sslmode` says.
  public enum SSLMode: String, Sendable, CaseIterable {
    /// Never encrypted.
    case disable
    /// Encrypted if the server offers it (`allow` is read as this).
    case prefer
    /// Always encrypted; the server's certificate is not checked.
    case require
    /// Always encrypted; the certificate must be signed by a trusted authority.
    case verifyCA = "verify-ca"
    /// Always encrypted; the certificate must be trusted and name the host.
    case verifyFull = "verify-full"
  }

  /// The host name or address, or the folder of a Unix socket (starting with `/`).
  public var host: String
  /// The port.
  public var port: Int
  /// The role to log in as.
  public var user: String
  /// The password, if one was found.
  public var password: String?
  /// The database.
  public var database: String
  /// How the connection is encrypted.
  public var sslMode: SSLMode
  /// How long tally waits for the server.
  public var timeouts = PostgresTimeouts()

  /// Whether `text` names a PostgreSQL server rather than a file.
  public static func isServerURL(_ text: String) -> Bool {
    let lower = text.lowercased()
    return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
  }

  /// Reads a `postgresql://user[:password]@host[:port]/database[?sslmode=…]` URL.
  ///
  /// - Parameters:
  ///   - url: The URL.
  ///   - environment: Where `PGUSER`, `PGHOST`, `PGPORT`, `PGDATABASE`, `PGPASSWORD`,
  ///     `PGPASSFILE`, `PGSSLMODE`, `PGCONNECT_TIMEOUT` and `PGOPTIONS` are read for what the
  ///     URL leaves out.
  ///   - homeDirectory: Where `.pgpass` is looked for.
  ///   - loginName: The role when neither the URL nor `PGUSER` names one.
  /// - Throws: ``TallyError`` naming the part of the URL that is not understood; the message
  ///   leaves the password out.
  public init(
    url: String, environment: [String: String], homeDirectory: String, loginName: String
  ) throws(TallyError) {
    guard Self.isServerURL(url), let components = URLComponents(string: url) else {
      throw TallyError(
        .invalidInput, "\(Self.redacted(url)) is not a PostgreSQL URL",
        hint: "Write it as postgresql://USER@HOST:PORT/DATABASE.")
    }
    func setting(_ name: String) -> String? {
      environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
    var query: [String: String] = [:]
    for item in components.queryItems ?? [] {
      guard let value = item.value else {
        throw TallyError(
          .invalidInput, "\(Self.redacted(url)): the parameter \(item.name) has no value")
      }
      query[item.name] = value
    }
    let known: Set = [
      "sslmode", "host", "port", "user", "password", "dbname", "connect_timeout", "options",
    ]
    let unknown = query.keys.sorted().filter { !known.contains($0) }
    if !unknown.isEmpty {
      throw TallyError(
        .invalidInput,
        "\(Self.redacted(url)): tally does not know the parameter"
          + "\(unknown.count == 1 ? "" : "s") " + unknown.joined(separator: ", "),
        hint: "It understands " + known.sorted().joined(separator: ", ") + ".")
    }
    let host = query["host"] ?? components.percentEncodedHost.flatMap { $0.removingPercentEncoding }
    self.host = host.flatMap { $0.isEmpty ? nil : $0 } ?? setting("PGHOST") ?? "localhost"
    if let port = query["port"] ?? components.port.map(String.init) ?? setting("PGPORT") {
      guard let number = Int(port), (1...65_535).contains(number) else {
        throw TallyError(
          .invalidInput, "\(Self.redacted(url)): the port \(port) is not a port number")
      }
      self.port = number
    } else {
      self.port = 5432
    }
    user =
      query["user"] ?? components.user.flatMap { $0.isEmpty ? nil : $0 } ?? setting("PGUSER")
      ?? loginName
    let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : ""
    database = query["dbname"] ?? (path.isEmpty ? nil : path) ?? setting("PGDATABASE") ?? user
    let mode = query["sslmode"] ?? setting("PGSSLMODE") ?? "prefer"
    switch mode {
    case "allow": sslMode = .prefer
    default:
      guard let known = SSLMode(rawValue: mode) else {
        throw TallyError(
          .invalidInput, "\(Self.redacted(url)): sslmode \(mode) is not one tally knows",
          hint: "Use " + SSLMode.allCases.map(\.rawValue).joined(separator: ", ")
            + " (or allow, read as prefer).")
      }
      sslMode = known
    }
    do {
      timeouts = try PostgresTimeouts(
        connectTimeout: query["connect_timeout"] ?? setting("PGCONNECT_TIMEOUT"),
        options: query["options"] ?? setting("PGOPTIONS"))
    } catch {
      throw TallyError(.invalidInput, "\(Self.redacted(url)): \(error.message)", hint: error.hint)
    }
    password =
      query["password"] ?? components.password ?? setting("PGPASSWORD")
      ?? Self.passwordFile(
        setting("PGPASSFILE") ?? homeDirectory + "/.pgpass", host: self.host, port: self.port,
        database: database, user: user)
  }

  /// The URL without the password, as messages show it.
  public var description: String {
    let shownHost = host.hasPrefix("/") ? "[\(host)]" : host
    return "postgresql://\(user)@\(shownHost):\(port)/\(database)"
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

  /// The password for this server in a libpq password file (`host:port:database:user:password`
  /// lines, `*` matching anything, `\` escaping `:` and `\`), if the file is there and private.
  static func passwordFile(
    _ path: String, host: String, port: Int, database: String, user: String
  ) -> String? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    // libpq ignores a file that others may read; so does tally.
    if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let permissions = attributes[.posixPermissions] as? Int, permissions & 0o077 != 0
    {
      return nil
    }
    let wanted = [host, String(port), database, user]
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      if line.hasPrefix("#") { continue }
      let fields = splitEscaped(String(line))
      guard fields.count == 5 else { continue }
      let matches = zip(fields.prefix(4), wanted).allSatisfy { field, value in
        field == "*" || field == value
          || (field == "localhost" && value.hasPrefix("/"))
      }
      if matches { return fields[4] }
    }
    return nil
  }

  private static func splitEscaped(_ line: String) -> [String] {
    var fields: [String] = []
    var current = ""
    var escaping = false
    for character in line {
      if escaping {
        current.append(character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else if character == ":" && fields.count < 4 {
        fields.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    fields.append(current)
    return fields
  }
}
