/// Where tally's database lives, chosen as the command-line contract says: `--db`, else the
/// `TALLY_DB` environment variable, else `$XDG_DATA_HOME/tally/tally.sqlite`, else
/// `~/.local/share/tally/tally.sqlite`.
public struct DatabaseLocation: Equatable, Sendable {
  /// The path of the database file.
  public var path: String

  /// Resolves the location.
  ///
  /// - Parameters:
  ///   - option: The value of `--db`, if given.
  ///   - environment: The process environment.
  ///   - homeDirectory: The user's home, used when neither `TALLY_DB` nor `XDG_DATA_HOME` is set.
  public init(option: String?, environment: [String: String], homeDirectory: String) {
    if let option, !option.isEmpty {
      path = option
    } else if let fromEnvironment = environment["TALLY_DB"], !fromEnvironment.isEmpty {
      path = fromEnvironment
    } else if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      path = dataHome + "/tally/tally.sqlite"
    } else {
      path = homeDirectory + "/.local/share/tally/tally.sqlite"
    }
  }
}
