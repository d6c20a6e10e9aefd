import Foundation
public import TallyCore

/// How long tally waits for a PostgreSQL server, at most, as libpq users set it: connecting
/// (`connect_timeout`, `PGCONNECT_TIMEOUT`), and the server's own limits on each statement,
/// each lock and a transaction left idle (`-c name=value` in `options` or `PGOPTIONS`).
///
/// The client waits for each answer a little longer than the server's limit on a statement,
/// and notices a connection that went quiet with TCP keepalive; so no wait is endless.
public struct PostgresTimeouts: Equatable, Sendable {
  /// Seconds to connect and log in.
  public var connect: Int = 10
  /// The server's settings, name and value, sent when the connection starts.
  public var settings: [String: String] = [
    "statement_timeout": "2min",
    "lock_timeout": "30s",
    "idle_in_transaction_session_timeout": "1min",
  ]

  /// The timeouts tally uses when nothing sets others.
  public init() {}

  /// The defaults, changed by `connect_timeout` and `options` (as libpq reads them).
  ///
  /// - Parameters:
  ///   - connectTimeout: Seconds to connect, as libpq's `connect_timeout` (`0` or less than 2:
  ///     2 seconds, as libpq).
  ///   - options: Server settings as `-c name=value` (or `--name=value`), separated by spaces.
  /// - Throws: ``TallyError`` naming what is not understood.
  public init(connectTimeout: String?, options: String?) throws(TallyError) {
    if let connectTimeout {
      guard let seconds = Int(connectTimeout) else {
        throw TallyError(
          .invalidInput, "connect_timeout \(connectTimeout) is not a number of seconds")
      }
      // libpq: zero waits for ever, and less than 2 seconds is taken as 2; tally never waits
      // for ever, so zero is its longest wait, a minute.
      connect = seconds <= 0 ? 60 : max(seconds, 2)
    }
    var words = (options ?? "").split(separator: " ").map(String.init)[...]
    while let word = words.popFirst() {
      let setting: String
      if word == "-c", let next = words.popFirst() {
        setting = next
      } else if word.hasPrefix("-c") {
        setting = String(word.dropFirst(2))
      } else if word.hasPrefix("--") {
        setting = String(word.dropFirst(2))
      } else {
        throw TallyError(
          .invalidInput, "options: tally reads only -c name=value there, not \(word)")
      }
      let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty else {
        throw TallyError(.invalidInput, "options: \(setting) is not name=value")
      }
      settings[parts[0].replacingOccurrences(of: "-", with: "_")] = parts[1]
    }
  }

  /// Seconds the client waits for one answer of the server, or for the server to take a
  /// chunk of a `COPY`, before it gives the connection up: the server's statement limit and a
  /// few seconds more (a minute more when statements have no limit).
  var answer: Double {
    let limit = settings["statement_timeout"].flatMap(Self.seconds) ?? 0
    return limit > 0 ? limit + 5 : limit == 0 ? 3_600 : 125
  }

  /// Seconds in a PostgreSQL duration setting (`30s`, `2min`, `500ms`, `1h`, or milliseconds
  /// without a unit), or `nil` when it is not one.
  static func seconds(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    let digits = trimmed.prefix { $0.isNumber || $0 == "." }
    guard let number = Double(digits) else { return nil }
    switch trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces) {
    case "", "ms": return number / 1_000
    case "us": return number / 1_000_000
    case "s": return number
    case "min": return number * 60
    case "h": return number * 3_600
    case "d": return number * 86_400
    default: return nil
    }
  }
}
