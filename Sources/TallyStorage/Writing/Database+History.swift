import Foundation
import GRDB
import TallyCore

/// The `history` table: every change, undo and redo as applied, oldest first.
enum HistorySQL {
  static let createTable = """
    CREATE TABLE history (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at INTEGER NOT NULL,
      action TEXT NOT NULL CHECK (action IN ('did', 'undid', 'redid')),
      description TEXT NOT NULL,
      change BLOB NOT NULL
    );
    CREATE INDEX history_at ON history(at);
    """

  /// The setting that says since when the history holds every change.
  static let beganSetting = "history since"
}

extension Database {
  /// Adds a step to the history, in the transaction that applied it.
  func appendHistory(
    _ change: Change, _ action: HistoryEvent.Action, description: String, at: Timestamp
  ) throws {
    try execute(
      sql: "INSERT INTO history (at, action, description, change) VALUES (?, ?, ?, ?)",
      arguments: [
        at.microsecondsSince1970, action.rawValue, description, try JSONEncoder().encode(change),
      ])
  }

  /// Records that the history holds every change only from `at` on (the data before came
  /// from elsewhere: an older tally, a copy).
  func markHistoryBegun(at: Timestamp) throws {
    try execute(
      sql: "INSERT OR REPLACE INTO setting (name, value) VALUES (?, ?)",
      arguments: [HistorySQL.beganSetting, String(at.microsecondsSince1970)])
  }
}
