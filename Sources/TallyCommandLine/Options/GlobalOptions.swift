public import ArgumentParser
import Foundation
import Logging
public import TallyApp
import TallyCore

/// The options every subcommand takes: which database, which time zone, how much to log.
public struct GlobalOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database file, or a postgresql:// URL of a shared server; default: $TALLY_DB, else $XDG_DATA_HOME/tally/tally.sqlite.",
      valueName: "path|url"),
    completion: .file())
  var databasePath: String?

  @Option(
    name: .customLong("user"),
    help: ArgumentHelp(
      "On a shared server you are the role you log in as; a different name here (or in $TALLY_USER) is refused.",
      valueName: "name"))
  var userName: String?

  @Option(
    name: .customLong("tz"),
    help: ArgumentHelp(
      "The time zone of dates without an offset; default: $TZ, else the system's.",
      valueName: "zone"))
  var timeZoneName: String?

  @Option(
    help: ArgumentHelp(
      "Log each action and its duration to standard error at this level (trace, debug, ...); default: $TALLY_LOG.",
      valueName: "level", visibility: .hidden))
  var logLevel: String?

  public init() {}

  /// The options shown in help, as ``CommandCatalog`` lists them (`--log-level` is hidden).
  static let syntax: [CommandCatalog.Option] = [
    .value("--db", valueName: "path|url"), .value("--user", valueName: "name"),
    .value("--tz", valueName: "zone"),
  ]

  public func validate() throws {
    if let logLevel {
      do {
        _ = try LogLevelName.level(logLevel, from: "--log-level")
      } catch {
        throw ValidationError(error.message)
      }
    }
    if let timeZoneName, Self.zone(named: timeZoneName) == nil {
      throw ValidationError(
        "unknown time zone '\(timeZoneName)' for --tz (try Europe/Berlin or UTC)")
    }
  }

  /// The zone from `--tz`, else `TZ`, else the system's.
  var timeZone: TimeZone {
    let environment = ProcessInfo.processInfo.environment
    for name in [timeZoneName, environment["TZ"]] {
      if let zone = name.flatMap(Self.zone(named:)) { return zone }
    }
    return TimeZone.current
  }

  /// The zone `name` names, `:` before it or not (`:Europe/Berlin`, as `TZ` may say it); `nil`
  /// for one tally does not know, or an empty name.
  private static func zone(named name: String) -> TimeZone? {
    name.isEmpty ? nil : TimeZone(identifier: String(name.trimmingPrefix(":")))
  }

  /// What to say of a `TZ` that names no zone tally knows, when `--tz` does not choose one:
  /// times are then in the system's zone, whatever the C library makes of `TZ` (`date` reads
  /// POSIX rules such as `CET-1CEST,M3.5.0,M10.5.0/3`, which tally does not).
  public var timeZoneNote: String? {
    guard timeZoneName == nil, let name = ProcessInfo.processInfo.environment["TZ"],
      !name.isEmpty, Self.zone(named: name) == nil
    else { return nil }
    return "Note: TZ \(VisibleText.quoted(name)) is not a time zone tally knows; times are in "
      + "\(TimeZone.current.identifier). Set TZ to a zone's name (Europe/Berlin) or give --tz."
  }

  /// Whether the database or the zone was chosen on this command line.
  var choosesDatabaseOrZone: Bool { databasePath != nil || timeZoneName != nil }

  /// The session these options describe.
  public func sessionOptions(
    resumingRoute: Bool = false, creating: Bool, readOnly: Bool = false,
    showsScreens: Bool = false
  ) throws -> SessionOptions {
    let environment = ProcessInfo.processInfo.environment
    var options = SessionOptions(
      location: SessionOptions.location(
        option: databasePath, environment: ProcessInfo.processInfo.environment),
      zone: timeZone, resumingRoute: resumingRoute,
      creating: creating, readOnly: readOnly,
      logLevel: try logLevel.map { name throws(TallyError) in
        try LogLevelName.level(name, from: "--log-level")
      }, showsScreens: showsScreens,
      display: terminal.display(glyphs: .detect(environment: environment)),
      claimedUser: claimedUser)
    options.terminal = terminal
    return options
  }

  /// The terminal this process runs in.
  public var terminal: Terminal { .detect(environment: ProcessInfo.processInfo.environment) }

  /// Standard output and standard error, as the terminal allows.
  public var messages: MessageSink { .standard(on: terminal) }

  /// The person from `--user`, else `TALLY_USER`, if either names one.
  var claimedUser: String? {
    [userName, ProcessInfo.processInfo.environment["TALLY_USER"]].lazy.compactMap { $0 }.first {
      !$0.isEmpty
    }
  }
}

extension String {
  fileprivate func trimmingPrefix(_ prefix: String) -> String {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
  }
}
