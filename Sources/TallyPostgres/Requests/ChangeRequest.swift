import Foundation

/// The id a write stores with what it writes, in the same transaction, so that a commit whose
/// answer was lost can be looked up afterwards: the row is there if and only if the change was
/// saved.
///
/// The ids live in `change_request`, each under the role that stored it (row-level security
/// keeps them to that role); a day later they are of no use and are swept away.
struct ChangeRequest: Sendable {
  /// A new id, made by the client: the server never saw it before this write.
  let id = UUID().uuidString.lowercased()

  /// Stores the id, inside the write's transaction.
  func store(on session: PostgresSession) throws {
    try session.rows("INSERT INTO change_request (id) VALUES (\(id))")
  }

  /// About once in 256 writes (when the random id starts with `00`), deletes this role's ids
  /// older than a day, after the commit and outside its transaction: housekeeping that a
  /// failure only postpones, and that no concurrent write conflicts with.
  func sweepNow(on session: PostgresSession) {
    guard id.hasPrefix("00") else { return }
    _ = try? session.rows(
      """
      DELETE FROM change_request
      WHERE user_name = session_user
        AND at < (extract(epoch FROM now()) * 1000000)::BIGINT - \(Self.kept)
      """)
  }

  /// How long an id is kept, in microseconds: a day.
  static let kept: Int64 = 86_400 * 1_000_000
}
