import Foundation

/// Where the REPL keeps the lines typed in earlier runs.
public enum HistoryFile {
  /// How many lines are kept.
  public static let limit = 1_000

  /// `$XDG_STATE_HOME/tally/history`, or `~/.local/state/tally/history` without it.
  public static func path(environment: [String: String], homeDirectory: String) -> String {
    let state =
      environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? homeDirectory + "/.local/state"
    return state + "/tally/history"
  }
}
