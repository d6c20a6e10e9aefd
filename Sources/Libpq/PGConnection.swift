import CLibpq
import Foundation

/// One connection to a PostgreSQL server through libpq, PostgreSQL's own client library, used
/// by one caller at a time and synchronously: each call returns when the server has answered.
///
/// Connection strings mean what they mean to `psql`: URLs with several hosts and
/// `target_session_attrs`, `.pgpass`, `PGSERVICE` and service files, every `sslmode`, SCRAM
/// and GSS. Each statement may be given a time to answer within; a connection whose server
/// did not answer in time is closed, so nothing waits on it for ever.
public final class PGConnection: @unchecked Sendable {
  private var handle: OpaquePointer?
  private var canceller: OpaquePointer?

  private init(handle: OpaquePointer) {
    self.handle = handle
    canceller = PQgetCancel(handle)
    // The server's notices (`NOTICE: table … does not exist, skipping`) are not the
    // program's output: libpq would print them on standard error.
    PQsetNoticeProcessor(handle, { _, _ in }, nil)
  }

  deinit {
    close()
  }

  /// Connects with libpq's keywords and values (`dbname`, `connect_timeout`, `options`, …).
  ///
  /// `dbname` may be a URL or a connection string, which is read as libpq reads it; the
  /// pairs after it override what it says.
  ///
  /// - Throws: ``PGError`` (connectionFailed) with libpq's message: no server, a refused
  ///   login, a TLS handshake that failed.
  public static func connect(_ parameters: [(keyword: String, value: String)]) throws(PGError)
    -> PGConnection
  {
    let handle =
      CStrings.with(parameters.map(\.keyword)) { keywords in
        CStrings.with(parameters.map(\.value)) { values in
          PQconnectdbParams(keywords, values, 1)
        } ?? nil
      } ?? nil
    guard let handle else { throw PGError(.connectionFailed, "libpq could not start a connection") }
    guard PQstatus(handle) == CONNECTION_OK else {
      let message = Self.message(PQerrorMessage(handle))
      PQfinish(handle)
      throw PGError(.connectionFailed, message)
    }
    return PGConnection(handle: handle)
  }

  /// Whether the connection is still usable.
  public var isOpen: Bool {
    guard let handle else { return false }
    return PQstatus(handle) == CONNECTION_OK
  }

  /// What libpq says of a connection option now in use (`host`, `port`, `user`, `dbname`):
  /// with several hosts, the one it connected to.
  public func setting(_ name: String) -> String? {
    guard let handle else { return nil }
    let value: UnsafeMutablePointer<CChar>? =
      switch name {
      case "host": PQhost(handle)
      case "port": PQport(handle)
      case "user": PQuser(handle)
      case "dbname": PQdb(handle)
      default: nil
      }
    return value.map { String(cString: $0) }
  }

  /// The server's process for this connection (`pg_backend_pid()`).
  public var serverProcessID: Int32 {
    handle.map { PQbackendPID($0) } ?? 0
  }

  /// Closes the connection; it cannot be used again.
  public func close() {
    if let canceller { PQfreeCancel(canceller) }
    canceller = nil
    if let handle { PQfinish(handle) }
    handle = nil
  }

  /// Asks the server to stop the statement this connection runs, from any thread (Ctrl-C).
  public func cancel() {
    guard let canceller else { return }
    var buffer = [CChar](repeating: 0, count: 256)
    _ = PQcancel(canceller, &buffer, Int32(buffer.count))
  }

  /// Runs `query` and returns every row of its answer (of its last statement, when the SQL
  /// holds several without values bound).
  ///
  /// - Parameters:
  ///   - query: The statement and its values.
  ///   - seconds: How long the server has to answer; `nil` waits as long as it takes. When
  ///     the time passes, the connection is closed.
  /// - Returns: The rows.
  /// - Throws: ``PGError``: the server's error, a lost connection, or a timeout.
  @discardableResult
  public func query(_ query: PGQuery, within seconds: Double? = nil) throws(PGError) -> [PGRow] {
    let handle = try openHandle()
    let deadline = seconds.map { Date().addingTimeInterval($0) }
    try send(query, on: handle)
    return try answer(on: handle, until: deadline, copying: false).rows
  }

  /// Starts `COPY … FROM STDIN` (in text format): the rows are then written with the
  /// returned copy, which ``PGCopyIn/finish(within:)`` ends.
  ///
  /// - Throws: ``PGError`` when the server does not start the copy.
  public func copyIn(_ statement: String, within seconds: Double? = nil) throws(PGError)
    -> PGCopyIn
  {
    let handle = try openHandle()
    let deadline = seconds.map { Date().addingTimeInterval($0) }
    try send(PGQuery(unsafeSQL: statement), on: handle)
    guard try answer(on: handle, until: deadline, copying: true).isCopying else {
      throw PGError(.client, "the statement started no COPY FROM STDIN")
    }
    return PGCopyIn(connection: self)
  }

  // MARK: Copy

  /// Sends `bytes` of a copy under way.
  func putCopyData(_ bytes: UnsafeRawBufferPointer) throws(PGError) {
    let handle = try openHandle()
    guard !bytes.isEmpty else { return }
    let sent = bytes.withMemoryRebound(to: CChar.self) { chars in
      PQputCopyData(handle, chars.baseAddress, Int32(chars.count))
    }
    guard sent == 1 else { throw lostOrClient(handle) }
  }

  /// Ends a copy under way (failed, with `failure`, when one is given) and reads its answer.
  func endCopy(failure: String?, until deadline: Date?) throws(PGError) {
    let handle = try openHandle()
    let ended = failure.map { PQputCopyEnd(handle, $0) } ?? PQputCopyEnd(handle, nil)
    guard ended == 1 else { throw lostOrClient(handle) }
    _ = try answer(on: handle, until: deadline, copying: false)
  }

  // MARK: The exchange

  private func openHandle() throws(PGError) -> OpaquePointer {
    guard let handle else { throw PGError(.client, "the connection is closed") }
    return handle
  }

  /// Sends `query`: with values, as one statement with parameters; without, as plain SQL,
  /// which may hold several statements (a schema's).
  private func send(_ query: PGQuery, on handle: OpaquePointer) throws(PGError) {
    // libpq takes C strings: a NUL would end a value early, and what was stored would be cut
    // short without a word. PostgreSQL's text holds no NUL; it is refused, as the server
    // refuses one.
    for bind in query.binds.values where bind.text?.utf8.contains(0) == true {
      throw PGError(.client, "a value holds a NUL character (U+0000), which PostgreSQL text cannot")
    }
    if query.binds.isEmpty {
      guard PQsendQuery(handle, query.sql) == 1 else { throw lostOrClient(handle) }
      return
    }
    let types = query.binds.values.map { Oid($0.type) }
    let sent =
      CStrings.with(query.binds.values.map(\.text)) { values in
        PQsendQueryParams(
          handle, query.sql, Int32(query.binds.count), types, values, nil, nil, 0)
      } ?? 0
    guard sent == 1 else { throw lostOrClient(handle) }
  }

  /// Reads results until the server is done (or a copy starts): the rows of the last that
  /// had any, and the first error.
  private func answer(on handle: OpaquePointer, until deadline: Date?, copying: Bool)
    throws(PGError) -> (rows: [PGRow], isCopying: Bool)
  {
    var rows: [PGRow] = []
    var failure: PGError?
    while true {
      try waitForResult(on: handle, until: deadline)
      guard let result = PQgetResult(handle) else { break }
      defer { PQclear(result) }
      switch PQresultStatus(result) {
      case PGRES_TUPLES_OK, PGRES_SINGLE_TUPLE:
        rows = Self.rows(of: result)
      case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
        break
      case PGRES_COPY_IN where copying && failure == nil:
        return ([], true)
      case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
        // A copy nobody asked for: ended at once, so that the connection can go on.
        _ = PQputCopyEnd(handle, "tally did not ask for this copy")
        failure = failure ?? PGError(.client, "the statement started a COPY that was not asked for")
      default:
        failure = failure ?? error(of: result, on: handle)
      }
      if PQstatus(handle) != CONNECTION_OK { break }
    }
    if let failure { throw failure }
    if PQstatus(handle) != CONNECTION_OK { throw lostOrClient(handle) }
    return (rows, false)
  }

  /// Waits until a result can be read without waiting on the network, or `deadline` passes
  /// (then the connection is closed).
  private func waitForResult(on handle: OpaquePointer, until deadline: Date?) throws(PGError) {
    while PQisBusy(handle) != 0 {
      var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
      let milliseconds: Int32
      if let deadline {
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else { return try giveUp() }
        milliseconds = Int32(min(left * 1_000 + 1, Double(Int32.max)))
      } else {
        milliseconds = -1
      }
      let ready = poll(&descriptor, 1, milliseconds)
      if ready < 0, errno == EINTR { continue }
      if ready == 0 { return try giveUp() }
      guard PQconsumeInput(handle) == 1 else { throw lostOrClient(handle) }
    }
  }

  /// Closes a connection whose server did not answer in time.
  private func giveUp() throws(PGError) {
    close()
    throw PGError(.timedOut, "the server did not answer in time; the connection was closed")
  }

  /// The error of a failed result: the server's, or the connection's when it broke.
  private func error(of result: OpaquePointer, on handle: OpaquePointer) -> PGError {
    func field(_ code: Character) -> String? {
      guard let value = PQresultErrorField(result, Int32(code.asciiValue ?? 0)) else {
        return nil
      }
      return String(cString: value)
    }
    guard let state = field("C") else {
      let message = Self.message(PQresultErrorMessage(result))
      return PQstatus(handle) == CONNECTION_OK
        ? PGError(.client, message) : PGError(.connectionLost, message)
    }
    return PGError(
      .server, field("M") ?? Self.message(PQresultErrorMessage(result)), sqlState: state,
      detail: field("D"), hint: field("H"), constraintName: field("n"))
  }

  private func lostOrClient(_ handle: OpaquePointer) -> PGError {
    let message = Self.message(PQerrorMessage(handle))
    return PQstatus(handle) == CONNECTION_OK
      ? PGError(.client, message) : PGError(.connectionLost, message)
  }

  private static func rows(of result: OpaquePointer) -> [PGRow] {
    let count = PQntuples(result)
    let columns = PQnfields(result)
    var rows: [PGRow] = []
    rows.reserveCapacity(Int(count))
    for row in 0..<count {
      var values: [String?] = []
      values.reserveCapacity(Int(columns))
      for column in 0..<columns {
        values.append(
          PQgetisnull(result, row, column) == 1
            ? nil : String(cString: PQgetvalue(result, row, column)))
      }
      rows.append(PGRow(values))
    }
    return rows
  }

  /// libpq's message without its trailing line break.
  static func message(_ text: UnsafePointer<CChar>?) -> String {
    guard let text else { return "" }
    return String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// C strings for the time of a call: libpq's arrays of `const char *`, NULL for a missing
/// value.
enum CStrings {
  /// Runs `body` with `strings` as a NULL-terminated array; `nil` only if there was no
  /// memory for it.
  static func with<Result>(
    _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result
  ) -> Result? {
    let copies = strings.map { $0.flatMap { strdup($0) } }
    defer {
      for copy in copies { free(copy) }
    }
    let pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return pointers.withUnsafeBufferPointer { buffer in buffer.baseAddress.map(body) }
  }
}
