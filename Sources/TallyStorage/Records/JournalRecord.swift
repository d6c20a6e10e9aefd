import Foundation
import GRDB
import TallyCore

/// A row of the `journal` table: one applied change, with what undo needs to revert it.
struct JournalRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "journal"

  var id: Int64?
  var at: Int64
  var description: String
  /// The `Change`, as JSON.
  var change: Data
  var undone: Bool

  enum Columns {
    static let id = Column(CodingKeys.id)
    static let undone = Column(CodingKeys.undone)
  }

  init(at: Timestamp, description: String, change: Change) throws {
    self.id = nil
    self.at = at.microsecondsSince1970
    self.description = description
    self.change = try JSONEncoder().encode(change)
    self.undone = false
  }

  func decodedChange() throws -> Change {
    do {
      return try JSONDecoder().decode(Change.self, from: change)
    } catch {
      throw TallyError(.storage, "journal entry \(id ?? 0) cannot be read: \(error)")
    }
  }

  /// The entry for `tally log`; an entry whose change cannot be read lists no edits
  /// (`tally check` names it).
  var entry: JournalEntry {
    JournalEntry(
      id: id ?? 0, at: Timestamp(microsecondsSince1970: at), description: description,
      isUndone: undone, edits: (try? decodedChange()).map(ValueEdit.edits(of:)) ?? [])
  }
}
