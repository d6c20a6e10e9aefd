import Foundation
import TallyCore

extension PostgresStorage {
  /// Seconds spent, at most, reconnecting to learn what became of a commit whose answer was
  /// lost: enough for a server that restarts, within the 15 seconds a command may take once
  /// its connection broke.
  static let resolvingFor = 8.0

  /// Finds out whether the write that stored `request` was committed, on a new connection,
  /// after the answer to its `COMMIT` was lost.
  ///
  /// The lookup tries to store the same id again, and rolls that back: if the write is still
  /// being committed, the server holds the id's key, and the lookup waits for it to end. So
  /// the answer is never a guess: the id is stored (saved) or it can be stored (not saved,
  /// and now never will be: its connection is gone).
  ///
  /// - Throws: ``TallyError`` when the change was not saved ("nothing was changed"), or when
  ///   the server could not be asked (it says how to find out later); returns when it was
  ///   saved.
  func resolve(_ request: ChangeRequest, doing operation: String) throws(TallyError) {
    let deadline = Date().addingTimeInterval(Self.resolvingFor)
    var attempt = 0
    repeat {
      attempt += 1
      let stored: Bool
      do {
        logger.debug("reconnecting", metadata: ["attempt": "\(attempt)", "server": "\(address)"])
        let session = try borrow()
        defer { session.close() }
        try session.execute("BEGIN")
        try session.execute("SET LOCAL lock_timeout = '5s'")
        stored = try session.rows(
          "INSERT INTO change_request (id) VALUES (\(request.id)) ON CONFLICT DO NOTHING RETURNING id"
        ).isEmpty
        try session.execute("ROLLBACK")
      } catch {
        logger.debug("cannot look the request up yet", metadata: ["error": "\(error)"])
        Thread.sleep(forTimeInterval: 0.5)
        continue
      }
      logger.debug(
        "request looked up", metadata: ["request": "\(request.id)", "saved": "\(stored)"])
      if stored { return }
      throw TallyError(
        .storage,
        "cannot \(operation): the connection to \(address) broke during the commit, and the "
          + "server did not keep the change",
        hint: "Nothing was changed. Try again.")
    } while Date() < deadline
    throw TallyError(
      .storage,
      "cannot tell whether the change was saved (\(operation)): the connection to \(address) "
        + "broke during the commit, and the server cannot be reached to ask",
      hint: "Once the server is back, `tally log` lists the change if it was saved.")
  }
}
