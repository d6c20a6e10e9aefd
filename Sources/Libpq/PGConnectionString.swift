import CLibpq
import Foundation

/// A connection string or `postgresql://` URL read by libpq itself, so that it means exactly
/// what it means to `psql`: several hosts and ports, `target_session_attrs`, `service`, every
/// parameter libpq knows, and its refusal of the ones it does not.
public enum PGConnectionString {
  /// The keywords the string sets and their values (percent-decoded from a URL), without the
  /// defaults and the environment, which libpq adds only when it connects.
  ///
  /// - Throws: ``PGError`` (client) with libpq's reason, which never quotes a password.
  public static func parse(_ text: String) throws(PGError) -> [String: String] {
    guard !text.utf8.contains(0) else {
      throw PGError(.client, "a connection string cannot hold a NUL character")
    }
    var failure: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(text, &failure) else {
      let message = failure.map { String(cString: $0) } ?? "libpq could not read it"
      if let failure { PQfreemem(failure) }
      throw PGError(.client, message.trimmingCharacters(in: [" ", "\n"]))
    }
    defer { PQconninfoFree(options) }
    var settings: [String: String] = [:]
    var option = options
    while let keyword = option.pointee.keyword {
      if let value = option.pointee.val {
        settings[String(cString: keyword)] = String(cString: value)
      }
      option += 1
    }
    return settings
  }
}
