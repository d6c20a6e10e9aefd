import Foundation

/// The settings of a named service in libpq's service files (`[name]` sections of
/// `keyword=value` lines): the person's file (`PGSERVICEFILE`, else `~/.pg_service.conf`)
/// first, then the system's (`PGSYSCONFDIR/pg_service.conf`).
///
/// libpq reads the files itself when it connects; tally reads them only to know what a
/// service sets that tally also sets (timeouts, certificates) and to name the server in
/// messages.
struct PostgresServiceFile {
  /// Where Debian's libpq looks for the system's service file when `PGSYSCONFDIR` is not set.
  static let systemFolder = "/etc/postgresql-common"

  /// The settings of the service `name`, or none when no file defines it.
  static func settings(
    of name: String, environment: [String: String], homeDirectory: String
  ) -> [String: String] {
    let files = [
      environment["PGSERVICEFILE"] ?? homeDirectory + "/.pg_service.conf",
      (environment["PGSYSCONFDIR"] ?? systemFolder) + "/pg_service.conf",
    ]
    for file in files {
      guard let text = try? String(contentsOfFile: file, encoding: .utf8),
        let settings = section(name, in: text)
      else { continue }
      return settings
    }
    return [:]
  }

  /// The `keyword=value` lines of the section `[name]` of a service file, if it has one.
  static func section(_ name: String, in text: String) -> [String: String]? {
    var settings: [String: String]?
    for line in text.split(whereSeparator: \.isNewline) {
      let line = line.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("[") {
        if settings != nil { break }
        if line == "[\(name)]" { settings = [:] }
        continue
      }
      guard settings != nil, let equals = line.firstIndex(of: "=") else { continue }
      let keyword = line[..<equals].trimmingCharacters(in: .whitespaces)
      settings?[keyword] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    }
    return settings
  }
}
