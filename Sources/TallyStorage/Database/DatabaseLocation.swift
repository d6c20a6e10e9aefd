import Foundation
import TallyCore

/// Where tally's database lives, chosen as the command-line contract says: `--db`, else the
/// `TALLY_DB` environment variable, else `$XDG_DATA_HOME/tally/tally.sqlite`, else
/// `~/.local/share/tally/tally.sqlite`.
///
/// A leading `~/` in `--db` or `TALLY_DB` is the home folder, as a shell would read it: a shell
/// leaves it alone in `--db=~/t.sqlite` and in a quoted `TALLY_DB='~/t.sqlite'`.
public struct DatabaseLocation: Equatable, Sendable {
  /// The path of the database file.
  public var path: String

  /// Resolves the location.
  ///
  /// - Parameters:
  ///   - option: The value of `--db`, if given.
  ///   - environment: The process environment.
  ///   - homeDirectory: The user's home: what a leading `~/` stands for, and where the database
  ///     is when neither `TALLY_DB` nor `XDG_DATA_HOME` is set.
  public init(option: String?, environment: [String: String], homeDirectory: String) {
    if let option, !option.isEmpty {
      path = Self.expandingHome(option, homeDirectory: homeDirectory)
    } else if let fromEnvironment = environment["TALLY_DB"], !fromEnvironment.isEmpty {
      path = Self.expandingHome(fromEnvironment, homeDirectory: homeDirectory)
    } else if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      path = dataHome + "/tally/tally.sqlite"
    } else {
      path = homeDirectory + "/.local/share/tally/tally.sqlite"
    }
  }

  /// Resolves the location with the home folder of `environment` (see ``home(in:)``).
  public init(option: String?, environment: [String: String]) {
    self.init(option: option, environment: environment, homeDirectory: Self.home(in: environment))
  }

  /// The home folder: `$HOME`, else the account's (see ``TypedPath/home(in:)``).
  public static func home(in environment: [String: String]) -> String {
    TypedPath.home(in: environment)
  }

  /// `path` with a leading `~/` replaced by `homeDirectory` (see ``TypedPath``).
  public static func expandingHome(_ path: String, homeDirectory: String) -> String {
    TypedPath.expanded(path, homeDirectory: homeDirectory)
  }
}
