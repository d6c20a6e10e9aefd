import Foundation
public import TallyCore

/// The REPL's start-up file, `$XDG_CONFIG_HOME/tally/tallyrc` (`~/.config/tally/tallyrc`):
/// lines run as REPL commands before the first prompt, as `psql` runs `.psqlrc`.
///
/// It is only read: tally never makes it, nor its folder.
public struct StartupFile: Sendable {
  /// What errors name as the file: its path.
  public let name: String
  /// Its lines, blank ones and `#` comments included, so that line numbers are the file's.
  let allLines: [String]

  /// Creates a start-up file from its lines.
  public init(name: String, lines: [String]) {
    self.name = name
    self.allLines = lines
  }

  /// The lines to run, by their number in the file (from 1): blank lines and `#` comments
  /// are left out.
  var commands: [(number: Int, text: String)] {
    allLines.enumerated().compactMap { index, line in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : (index + 1, line)
    }
  }

  /// `$XDG_CONFIG_HOME/tally/tallyrc`, or `~/.config/tally/tallyrc` without it.
  public static func path(environment: [String: String], homeDirectory: String) -> String {
    let config =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? homeDirectory + "/.config"
    return config + "/tally/tallyrc"
  }

  /// The file at `path`; `nil` when there is none.
  ///
  /// - Throws: ``TallyError`` naming the file when it is there but cannot be read, or is not
  ///   a regular file (a folder, a named pipe that would never end).
  public static func load(path: String) throws(TallyError) -> StartupFile? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw TallyError(
        .invalidInput, "cannot read \(path): \(String(cString: strerror(errno)))")
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw TallyError(.invalidInput, "cannot read \(path): it is not a regular file")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw TallyError(.invalidInput, "cannot read \(path): it is not readable")
    }
    let text = String(decoding: data, as: UTF8.self)
    // "\r\n" is one Character in Swift: both end a line.
    var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
      .map(String.init)
    if lines.last == "" { lines.removeLast() }
    return StartupFile(name: path, lines: lines)
  }
}
