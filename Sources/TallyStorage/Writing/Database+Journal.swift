import GRDB
import TallyCore

extension Database {
  /// Records an applied change; discards the undone changes, which can no longer be redone,
  /// and the oldest entries past the journal's limit, with the readings only they could bring
  /// back.
  func record(_ change: Change, description: String, at: Timestamp) throws {
    try execute(sql: "DELETE FROM journal WHERE undone")
    var discarded = changesCount
    let record = try JournalRecord(at: at, description: description, change: change)
    try record.insert(self)
    try execute(
      sql: "DELETE FROM journal WHERE id <= (SELECT MAX(id) FROM journal) - ?",
      arguments: [TallyDatabase.journalLimit])
    discarded += changesCount
    if discarded > 0 {
      try dropUnreachableSetAsideReadings()
    }
  }

  /// Deletes set-aside readings that no journal entry can bring back any more: only undoing a
  /// change that set readings aside restores them.
  private func dropUnreachableSetAsideReadings() throws {
    var reachable = Set<String>()
    let records = try JournalRecord.fetchCursor(self)
    while let record = try records.next() {
      reachable.formUnion(try record.decodedChange().setAsideLabels)
    }
    let held = try String.fetchAll(self, sql: "SELECT DISTINCT held_for FROM set_aside_reading")
    for label in held where !reachable.contains(label) {
      try execute(sql: "DELETE FROM set_aside_reading WHERE held_for = ?", arguments: [label])
    }
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
