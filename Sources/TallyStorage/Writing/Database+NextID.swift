import GRDB
import TallyCore

extension Database {
  /// The id the next row of `kind` will get: never one used before, even by a deleted row.
  func nextID(of kind: NewRowKind) throws -> Int64 {
    let table = kind.rawValue
    let used = try Int64.fetchOne(
      self,
      sql: """
        SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = ?), 0),
                   COALESCE((SELECT MAX(id) FROM \(table)), 0))
        """, arguments: [table])
    return (used ?? 0) + 1
  }
}
