import GRDB
import TallyCore

extension Database {
  /// Records an applied change; discards the undone changes, which can no longer be redone,
  /// and the oldest entries past the journal's limit, with the readings only they could bring
  /// back.
  ///
  /// Only the discarded entries are read: an ordinary write discards one entry that set no
  /// readings aside, and reads nothing else of the journal, however long it is.
  func record(_ change: Change, description: String, at: Timestamp) throws {
    var released = try discard(JournalRecord.filter(JournalRecord.Columns.undone))
    let record = try JournalRecord(at: at, description: description, change: change)
    try record.insert(self)
    let newest = lastInsertedRowID
    try appendHistory(change, .did, description: description, at: at)
    released.formUnion(
      try discard(
        JournalRecord.filter(JournalRecord.Columns.id <= newest - Int64(TallyDatabase.journalLimit))
      ))
    if !released.isEmpty {
      try dropUnreachableSetAsideReadings(among: released)
    }
  }

  /// Deletes the journal entries `request` selects.
  ///
  /// - Returns: The set-aside readings' labels that the deleted entries could bring back: by
  ///   undo (a done change that set them aside) or by redo (an undone one that restores them).
  private func discard(_ request: QueryInterfaceRequest<JournalRecord>) throws -> Set<String> {
    var labels = Set<String>()
    // Only a change that sets readings aside or restores them mentions a label; the JSON of
    // the others need not be read (a journal far past its limit is cut back without decoding
    // each entry). The markers are `Change`'s case names as its JSON encodes them; the test
    // `readingsNoUndoCanBringBackAreDropped` fails if they change.
    let mentioning = request.filter(
      sql:
        "instr(CAST(change AS TEXT), '\"setAside') > 0 OR instr(CAST(change AS TEXT), '\"restore') > 0"
    )
    let records = try mentioning.fetchCursor(self)
    while let record = try records.next() {
      let change = try record.decodedChange()
      labels.formUnion(change.setAsideLabels)
      labels.formUnion(change.restoredLabels)
    }
    try request.deleteAll(self)
    return labels
  }

  /// Deletes the set-aside readings of `labels` that no journal entry left can bring back any
  /// more: only undoing a change that set readings aside restores them.
  private func dropUnreachableSetAsideReadings(among labels: Set<String>) throws {
    var unreachable = labels
    let records = try JournalRecord.fetchCursor(self)
    while let record = try records.next(), !unreachable.isEmpty {
      unreachable.subtract(try record.decodedChange().setAsideLabels)
    }
    for label in unreachable {
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
}
