import ArgumentParser
import Foundation
import TallyCore
import TallyStorage

/// The options every subcommand takes: which database, which time zone.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database file; default: $TALLY_DB, else $XDG_DATA_HOME/tally/tally.sqlite.",
      valueName: "path"),
    completion: .file())
  var databasePath: String?

  @Option(
    name: .customLong("tz"),
    help: ArgumentHelp(
      "The time zone of dates without an offset; default: $TZ, else the system's.",
      valueName: "zone"))
  var timeZoneName: String?

  func validate() throws {
    if let timeZoneName, TimeZone(identifier: timeZoneName) == nil {
      throw ValidationError(
        "unknown time zone '\(timeZoneName)' for --tz (try Europe/Berlin or UTC)")
    }
  }

  /// The zone from `--tz`, else `TZ`, else the system's.
  var timeZone: TimeZone {
    let environment = ProcessInfo.processInfo.environment
    for name in [timeZoneName, environment["TZ"]] {
      if let name, !name.isEmpty, let zone = TimeZone(identifier: name.trimmingPrefix(":")) {
        return zone
      }
    }
    return TimeZone.current
  }

  /// The database location as the contract orders the sources.
  var databaseLocation: DatabaseLocation {
    DatabaseLocation(
      option: databasePath, environment: ProcessInfo.processInfo.environment,
      homeDirectory: FileManager.default.homeDirectoryForCurrentUser.path)
  }
}

extension String {
  fileprivate func trimmingPrefix(_ prefix: String) -> String {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
  }
}
