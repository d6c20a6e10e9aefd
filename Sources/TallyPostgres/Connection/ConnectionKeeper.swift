import Foundation
import Libpq

/// The storage's idle connection, lent to one transaction at a time, from whichever thread.
///
/// A command logs in once (a login costs more than the rest of a small command): the
/// connection is kept between transactions. A transaction that overlaps another gets a
/// connection of its own; the last one given back is kept, the others closed. A connection
/// that broke is never lent again.
final class ConnectionKeeper: @unchecked Sendable {
  private let lock = NSLock()
  private var connection: PGConnection?
  private var made = 0

  /// The kept connection, if there is one and it is still open; it is then lent until
  /// ``keep(_:)``.
  func take() -> PGConnection? {
    lock.lock()
    defer { lock.unlock() }
    guard let connection, connection.isOpen else {
      connection = nil
      return nil
    }
    self.connection = nil
    return connection
  }

  /// A number for a new connection, for the log.
  func nextID() -> Int {
    lock.lock()
    defer { lock.unlock() }
    made += 1
    return made
  }

  /// Takes a connection back (or in at first), if it is open.
  ///
  /// - Returns: A connection the caller should close: the one given, or one kept before.
  func keep(_ given: PGConnection) -> PGConnection? {
    guard given.isOpen else { return nil }
    lock.lock()
    defer { lock.unlock() }
    if let connection, connection.isOpen { return given }
    connection = given
    return nil
  }
}
