import GRDB
import TallyCore

extension Database {
  /// Records an applied change; discards the undone changes, which can no longer be redone,
  /// and the oldest entries past the journal's limit.
  func record(_ change: Change, description: String, at: Timestamp) throws {
    try execute(sql: "DELETE FROM journal WHERE undone")
    let record = try JournalRecord(at: at, description: description, change: change)
    try record.insert(self)
    try execute(
      sql: "DELETE FROM journal WHERE id <= (SELECT MAX(id) FROM journal) - ?",
      arguments: [TallyDatabase.journalLimit])
  }

  /// The latest change that has not been undone.
  func lastDone() throws -> JournalRecord? {
    try JournalRecord.filter(!JournalRecord.Columns.undone)
      .order(JournalRecord.Columns.id.desc).fetchOne(self)
  }

  /// The undone change that redo applies next: the one undone last.
  func nextUndone() throws -> JournalRecord? {
    try JournalRecord.filter(JournalRecord.Columns.undone)
      .order(JournalRecord.Columns.id.asc).fetchOne(self)
  }

  func markUndone(_ record: JournalRecord, _ undone: Bool) throws {
    try execute(
      sql: "UPDATE journal SET undone = ? WHERE id = ?", arguments: [undone, record.id])
  }

  func historyStatus() throws -> HistoryStatus {
    HistoryStatus(undo: try lastDone()?.description, redo: try nextUndone()?.description)
  }
}
