import Foundation
import Libpq
public import Logging
public import TallyCore

/// tally's data on a PostgreSQL server, shared by everyone who names the same database.
///
/// Every write is one SERIALIZABLE transaction, retried when the server gives it up for a
/// concurrent one (SQLSTATE 40001 or 40P01), so many people write at once and none sees a
/// retryable error. Reads that must agree with each other (a report) run in one REPEATABLE READ
/// snapshot. Undo and redo are per person: each change is journalled with who made it.
///
/// No wait is endless (``PostgresTimeouts``): connecting, each statement, each lock and each
/// hand-over of an import's rows end, and a broken connection ends the command with one
/// message. A write whose commit went unanswered is looked up by the request id it stored
/// (``ChangeRequest``) and reported saved or not saved, never guessed nor sent again.
public final class PostgresStorage: Storage, @unchecked Sendable {
  /// How many of the open project's latest readings the state holds.
  public static let pageSize = 200
  /// How many changes the journal keeps for each person's `undo`.
  public static let journalLimit = 1_000
  /// How often a transaction is tried before its failure is shown.
  static let attempts = 30

  /// The server and database, without the password.
  public let address: PostgresAddress
  /// The person whose changes `undo` and `redo` take back and bring again, and whose access
  /// the server's policies grant: the role the connection logged in as (`session_user`).
  public private(set) var user: String
  /// Whether the role sees past row-level security (a superuser, or `BYPASSRLS`): only then
  /// may an import `COPY` straight into the readings table, which PostgreSQL refuses to a role
  /// its policies bind.
  private(set) var bypassesPolicies = false
  /// This process's mark on the journal, to tell other people's writes from its own.
  let writer = UUID().uuidString
  let logger: Logger
  private let counter = RetryCounter()
  /// The connection kept between transactions.
  private let kept = ConnectionKeeper()

  init(address: PostgresAddress, logger: Logger) {
    self.address = address
    user = address.user
    self.logger = logger
  }

  deinit {
    kept.take()?.close()
  }

  /// Connects to the database at `address`, creating tally's tables there if it holds no
  /// tables at all.
  ///
  /// A database that holds other tables and not tally's is refused and left as it was; so is
  /// one whose tally tables a newer tally made.
  ///
  /// - Parameters:
  ///   - address: The server, database and role.
  ///   - claimedUser: The person the command line named (`--user`, `TALLY_USER`), if it named
  ///     one: on a server the person is the role logged in as, and another name is refused.
  ///   - logLevel: How much the driver and the storage log to standard error (connecting,
  ///     retries, timeouts, reconnecting); `nil` logs nothing.
  /// - Returns: The storage, its tables up to date.
  /// - Throws: ``TallyError`` when the server cannot be reached or refuses the login (the
  ///   message names the URL without its password), the database is not tally's, or
  ///   `claimedUser` is not the role logged in as.
  public static func open(
    _ address: PostgresAddress, claimedUser: String? = nil, logLevel: Logger.Level? = nil
  ) throws(TallyError) -> PostgresStorage {
    let storage = PostgresStorage(
      address: address, logger: logLevel.map(Logger.standardError) ?? .quiet)
    try storage.connect()
    try storage.identify(claiming: claimedUser)
    try storage.prepareSchema()
    return storage
  }

  /// Asks the server who the connection is, and whether its policies bind that role.
  private func identify(claiming claimedUser: String?) throws(TallyError) {
    let (role, bypasses) = try withSession(doing: "connect") { session throws(TallyError) in
      do {
        return
          try session.row(
            """
            SELECT session_user::TEXT,
              (SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user)
            """, as: (String, Bool).self) ?? (address.user, false)
      } catch {
        throw PostgresFailure.describe(error, doing: "connect", address: address)
      }
    }
    user = role
    bypassesPolicies = bypasses
    if let claimedUser, claimedUser != role {
      throw TallyError(
        .invalidInput,
        "--user/TALLY_USER names \(VisibleText.quoted(claimedUser)), but on a PostgreSQL server "
          + "you are the role you logged in as (\(VisibleText.quoted(role))); nothing was done",
        hint:
          "Unset TALLY_USER and drop --user, or log in as that role (the URL's user, PGUSER). "
          + "One role per person: the server decides who sees and changes what.")
    }
  }

  /// How many transactions were tried again after a serialization failure or a deadlock.
  public var retries: Int { counter.value }

  /// Makes the storage's first connection.
  ///
  /// A server that is not there or a login that is refused fails at once with the server's
  /// reason. The connection is kept and lent to each transaction in turn.
  func connect() throws(TallyError) {
    do {
      let session = try borrow()
      session.close()
    } catch {
      throw PostgresFailure.describe(error, doing: "connect", address: address)
    }
  }

  /// The advisory lock writers take turns by.
  ///
  /// A session lock, taken before each write's transaction and given back after it (a lost
  /// connection gives it back too). Its two keys are `tall` and `writ` in ASCII.
  static let writersLock = "1952541804, 2003986804"

  /// Runs `body` in one transaction, trying it again (from the start, on a new snapshot) when
  /// the server gives it up for a concurrent transaction.
  ///
  /// A write that commits stores a request id of its own with what it wrote: if the
  /// connection breaks before the answer to `COMMIT` arrives, the id is looked up on a new
  /// connection (see ``resolve(_:doing:)``), and the change is reported saved or not saved as
  /// the server says, never tried again.
  ///
  /// - Parameters:
  ///   - operation: What the transaction does, for messages.
  ///   - readOnly: A read: one REPEATABLE READ snapshot that writes nothing.
  ///   - commit: Whether to keep what `body` wrote; `false` rolls it back (a dry run).
  ///   - recorded: Whether a write stores its request id (not while the tables are made).
  ///   - session: A connection already borrowed, to run on instead of borrowing one.
  ///   - body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: ``TallyError`` for what `body` throws or the server's failures.
  @discardableResult
  func transaction<Result>(
    doing operation: String, readOnly: Bool = false, commit: Bool = true, recorded: Bool = true,
    on session: PostgresSession? = nil, _ body: (PostgresSession) throws -> Result
  ) throws(TallyError) -> Result {
    let request = !readOnly && commit && recorded ? ChangeRequest() : nil
    var attempt = 0
    var target = session
    var lost: Date?
    while true {
      attempt += 1
      var done: Result?
      do {
        let borrowed = target == nil
        let connection = try target ?? borrow()
        defer { if borrowed { connection.close() } }
        var takingTurns = false
        defer {
          if takingTurns, connection.isOpen {
            try? connection.execute("SELECT pg_advisory_unlock(\(Self.writersLock))")
          }
        }
        do {
          if readOnly {
            try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
          } else {
            // Writers take turns, before their snapshot is taken: every write keeps the
            // rollups of the days and weeks it touches, and two writers to one project would
            // otherwise update the same rows and give each other up, again and again.
            try connection.execute("SELECT pg_advisory_lock(\(Self.writersLock))")
            takingTurns = true
            try connection.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
            // A sequential scan locks a whole table for the serialization check (a project
            // looked up in a small table conflicted with every write to any project); through
            // an index, only what was read is locked (PostgreSQL's own advice for SERIALIZABLE).
            try connection.execute("SET LOCAL enable_seqscan = off")
            // That makes every plan with a sequential scan look costly enough for the server
            // to compile it (JIT): a one-row history insert took 250 ms of compiling.
            try connection.execute("SET LOCAL jit = off")
          }
          let result = try body(connection)
          if let request { try request.store(on: connection) }
          done = result
          try connection.execute(commit ? "COMMIT" : "ROLLBACK")
          if let request { request.sweepNow(on: connection) }
          return result
        } catch {
          if done == nil, connection.isOpen { try? connection.execute("ROLLBACK") }
          throw error
        }
      } catch {
        if let done, let request, PostgresFailure.isConnectionLost(error) {
          logger.debug(
            "the answer to COMMIT was lost; looking the request up",
            metadata: ["request": "\(request.id)", "error": "\(error)"])
          try resolve(request, doing: operation)
          return done
        }
        // A read whose connection broke runs again on a new one while the server may be
        // restarting: nothing was written, and the command goes on.
        if readOnly, PostgresFailure.isConnectionLost(error), attempt < Self.attempts,
          Date() < (lost ?? Date()).addingTimeInterval(Self.resolvingFor)
        {
          lost = lost ?? Date()
          target = nil
          logger.debug(
            "reconnecting to read again",
            metadata: ["operation": "\(operation)", "error": "\(error)"])
          if attempt > 1 { Thread.sleep(forTimeInterval: 0.5) }
          continue
        }
        if PostgresFailure.isRetryable(error), attempt < Self.attempts {
          counter.add()
          logger.debug(
            "retry",
            metadata: [
              "operation": "\(operation)", "attempt": "\(attempt + 1)",
              "error": "\(PostgresFailure.state(of: error) ?? "")",
            ])
          // Back off a little, more each time, with jitter so that the clients that collided
          // do not collide again.
          let delay = Double.random(in: 0.5...1.5) * min(0.1, 0.001 * Double(1 << min(attempt, 10)))
          Thread.sleep(forTimeInterval: delay)
          continue
        }
        throw PostgresFailure.describe(error, doing: operation, address: address)
      }
    }
  }

  /// Runs `body` in one read snapshot.
  func read<Result>(
    doing operation: String, on session: PostgresSession? = nil,
    _ body: (PostgresSession) throws -> Result
  ) throws(TallyError) -> Result {
    try transaction(doing: operation, readOnly: true, on: session, body)
  }

  /// Runs `body` with one connection borrowed for several transactions.
  func withSession<Result>(
    doing operation: String, _ body: (PostgresSession) throws(TallyError) -> Result
  ) throws(TallyError) -> Result {
    let session: PostgresSession
    do {
      session = try borrow()
    } catch {
      throw PostgresFailure.describe(error, doing: operation, address: address)
    }
    defer { session.close() }
    return try body(session)
  }

  /// Lends the kept connection if it is free and open, else connects anew.
  func borrow() throws -> PostgresSession {
    let connection =
      try kept.take()
      ?? PostgresConnector(address: address, logger: logger).connect(id: kept.nextID())
    return PostgresSession(
      connection: connection, logger: logger, answerWithin: address.timeouts.answer,
      release: { [kept] in kept.keep(connection)?.close() })
  }
}

/// Counts retried transactions, from whichever thread.
private final class RetryCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }

  func add() {
    lock.lock()
    count += 1
    lock.unlock()
  }
}
