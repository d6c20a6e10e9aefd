import Foundation
public import Logging
public import TallyCore

/// The names of log levels, as `--log-level` and `TALLY_LOG` take them.
public enum LogLevelName {
  /// The level named `name` (`trace`, `debug`, `info`, `notice`, `warning`, `error`,
  /// `critical`), ignoring case.
  ///
  /// - Throws: ``TallyError`` naming the levels when `name` is none of them.
  public static func level(_ name: String, from source: String) throws(TallyError) -> Logger.Level {
    guard let level = Logger.Level(rawValue: name.lowercased()) else {
      throw TallyError(
        .invalidInput,
        "\(source) '\(name)' is not a log level; use one of "
          + Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return level
  }

  /// The level `TALLY_LOG` names, or `nil` when it is not set.
  static func fromEnvironment() throws(TallyError) -> Logger.Level? {
    guard let name = ProcessInfo.processInfo.environment["TALLY_LOG"], !name.isEmpty else {
      return nil
    }
    return try level(name, from: "TALLY_LOG")
  }
}
