import Foundation

/// A path a person typed: a database (`--db`, `TALLY_DB`), a file to write (`--output`,
/// `--chart`, `backup`), to read (`import`, `restore`, `--template`) or to copy to or from
/// (`migrate`).
///
/// Every one of them reads a leading `~/` as the home folder, as a shell would, also where the
/// shell leaves it alone: in `--output=~/r.csv`, in quotes, and in the REPL, which has no shell.
/// `~name/` is not read as another user's home: it is a file or folder named so.
public enum TypedPath {
  /// `path` with a leading `~/` replaced by `homeDirectory`; any other path (a lone `~`
  /// included) as it is.
  public static func expanded(_ path: String, homeDirectory: String) -> String {
    guard path.hasPrefix("~/") else { return path }
    let home = homeDirectory.hasSuffix("/") ? String(homeDirectory.dropLast()) : homeDirectory
    return home + path.dropFirst()
  }

  /// `path` with a leading `~/` read as the home folder of this process's environment (see
  /// ``home(in:)``).
  public static func expanded(_ path: String) -> String {
    expanded(path, homeDirectory: home(in: ProcessInfo.processInfo.environment))
  }

  /// The home folder: `$HOME`, else the account's.
  public static func home(in environment: [String: String]) -> String {
    if let home = environment["HOME"], !home.isEmpty { return home }
    return FileManager.default.homeDirectoryForCurrentUser.path
  }
}
