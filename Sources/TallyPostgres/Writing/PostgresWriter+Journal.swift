import Foundation
import Libpq
import TallyCore

/// A journal entry as undo and redo read it.
struct JournalEntryRow: JournalledChange {
  var id: Int64
  var description: String
  var change: Change

  func storedChange() -> Change { change }
}

extension PostgresWriter {
  /// Records an applied change under this person's name (the role they logged in as) and discards their undone changes,
  /// which can no longer be redone (with the readings only those could bring back).
  ///
  /// Only this person's undone entries are read (through a partial index that holds only
  /// undone entries), so that writers do not read what the others write: under SERIALIZABLE,
  /// every range one transaction reads and another writes is a possible failure for both.
  /// Cutting the journal back to its limit is left to ``trimJournal()``, after the commit.
  ///
  /// - Returns: The new entry's id.
  @discardableResult
  func record(_ change: Change, description: String, at: Timestamp) throws -> Int64? {
    let released = try discard(where: "user_name = session_user AND undone")
    let json = String(decoding: try JSONEncoder().encode(change), as: UTF8.self)
    let id = try session.value(
      """
      INSERT INTO journal (at, description, change, user_name, writer, touched, project_ids)
      VALUES (\(at.microsecondsSince1970), \(description), \(json), session_user, \(writer),
        nextval('journal_touch_seq'), \(change.projectIDs.map(\.rawValue).sorted()))
      RETURNING id
      """, as: Int64.self)
    try appendHistory(change, .did, description: description, at: at)
    if !released.isEmpty {
      try dropUnreachableSetAsideReadings(among: released)
    }
    return id ?? 0
  }

  /// Adds a step to the history under this person's name, in the transaction that applied it.
  func appendHistory(
    _ change: Change, _ action: HistoryEvent.Action, description: String, at: Timestamp
  ) throws {
    let json = String(decoding: try JSONEncoder().encode(change), as: UTF8.self)
    try session.rows(
      """
      INSERT INTO history (at, action, description, change, project_ids)
      VALUES (\(at.microsecondsSince1970), \(action.rawValue), \(description), \(json),
        \(change.projectIDs.map(\.rawValue).sorted()))
      """)
  }

  /// Whether the entry `id` is one after which the journal is cut back: every so many
  /// entries, so that a person's journal holds at least the limit and not much more.
  static func isTrimmingDue(after id: Int64) -> Bool {
    id % 32 == 0
  }

  /// Discards this person's entries past the journal's limit, with the readings only those
  /// could bring back.
  func trimJournal() throws {
    let limit = Int64(PostgresStorage.journalLimit)
    guard
      let oldestKept = try session.value(
        """
        SELECT id FROM journal WHERE user_name = session_user ORDER BY id DESC
        OFFSET \(limit - 1) LIMIT 1
        """, as: Int64.self)
    else { return }
    let released = try discard(where: "user_name = session_user AND id < \(oldestKept)")
    if !released.isEmpty {
      try dropUnreachableSetAsideReadings(among: released)
    }
  }

  /// Deletes the journal entries `condition` selects.
  ///
  /// - Returns: The set-aside readings' labels that the deleted entries could bring back.
  private func discard(where condition: PostgresQuery) throws -> Set<String> {
    var labels = Set<String>()
    // Only a change that sets readings aside or restores them mentions a label (`Change`'s
    // case names as its JSON encodes them): the others need not be decoded.
    var select = condition
    select.sql =
      "SELECT id, description, change FROM journal WHERE (" + condition.sql
      + #") AND (strpos(change, '"setAside') > 0 OR strpos(change, '"restore') > 0)"#
    for entry in try entries(select) {
      labels.formUnion(entry.change.setAsideLabels)
      labels.formUnion(entry.change.restoredLabels)
    }
    var delete = condition
    delete.sql = "DELETE FROM journal WHERE " + condition.sql
    try session.rows(delete)
    return labels
  }

  /// Deletes the set-aside readings of `labels` that no journal entry left (anyone's) can
  /// bring back any more.
  private func dropUnreachableSetAsideReadings(among labels: Set<String>) throws {
    var unreachable = labels
    let mentioning = try entries(
      #"""
      SELECT id, description, change FROM journal
      WHERE strpos(change, '"setAside') > 0 OR strpos(change, '"restore') > 0
      """#)
    for entry in mentioning {
      unreachable.subtract(entry.change.setAsideLabels)
    }
    for label in unreachable.sorted() {
      try session.rows("DELETE FROM set_aside_reading WHERE held_for = \(label)")
    }
  }

  /// This person's latest change that has not been undone.
  func lastDone() throws -> JournalEntryRow? {
    try entries(
      """
      SELECT id, description, change FROM journal WHERE user_name = session_user AND NOT undone
      ORDER BY id DESC LIMIT 1
      """
    ).first
  }

  /// This person's undone change that redo applies next: the one they undid last.
  func nextUndone() throws -> JournalEntryRow? {
    try entries(
      """
      SELECT id, description, change FROM journal WHERE user_name = session_user AND undone
      ORDER BY id ASC LIMIT 1
      """
    ).first
  }

  /// Marks `entry` undone or done again, as this process's latest mark on the journal.
  func markUndone(_ entry: JournalEntryRow, _ undone: Bool) throws {
    try session.rows(
      """
      UPDATE journal SET undone = \(undone), writer = \(writer),
        touched = nextval('journal_touch_seq')
      WHERE id = \(entry.id)
      """)
  }

  private func entries(_ query: PostgresQuery) throws -> [JournalEntryRow] {
    try session.rows(query).map { row in
      let (id, description, json) = try row.decode((Int64, String, String).self)
      do {
        return JournalEntryRow(
          id: id, description: description,
          change: try JSONDecoder().decode(Change.self, from: Data(json.utf8)))
      } catch {
        throw TallyError(.storage, "journal entry \(id) cannot be read: \(error)")
      }
    }
  }
}
