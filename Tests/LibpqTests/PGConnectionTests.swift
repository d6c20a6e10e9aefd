import Foundation
import Libpq
import Testing

/// The test server's URL, if the environment names one.
private let testServer = ProcessInfo.processInfo.environment["TALLY_TEST_POSTGRES"]

/// libpq through the facade, against the test server that `TALLY_TEST_POSTGRES` names: values
/// bound and read back exactly, the server's errors with their fields, a copy, a timeout that
/// closes, a connection ended by the server, a cancelled statement, and logins that fail.
@Suite(.enabled(if: testServer != nil, "TALLY_TEST_POSTGRES names no server"))
struct PGConnectionTests {
  static let server = testServer

  private func connect() throws -> PGConnection {
    try PGConnection.connect([("dbname", try #require(Self.server)), ("connect_timeout", "5")])
  }

  @Test func valuesReadBackAsTheyWereBound() throws {
    let connection = try connect()
    let numbers: [Int64] = [0, 1, -1, .max, .min]
    for number in numbers {
      let read = try connection.query("SELECT \(number)::BIGINT")[0].decode(Int64.self)
      #expect(read == number)
    }
    let doubles: [Double] = [
      0.1, 1.0 / 3, -0.0, 1e308, .leastNonzeroMagnitude, -2.5, .infinity, -.infinity,
    ]
    for double in doubles {
      let read = try connection.query("SELECT \(double)")[0].decode(Double.self)
      #expect(read == double && read.sign == double.sign, "\(double)")
    }
    #expect(try connection.query("SELECT \(Double.nan)")[0].decode(Double.self).isNaN)
    let texts = ["", "plain", "quote ' and \" and \\ back", "ünïcødé 日本 🚲", "a,b{c}", "NULL"]
    for text in texts {
      #expect(try connection.query("SELECT \(text)")[0].decode(String.self) == text)
    }
    let nothing: String? = nil
    let query: PGQuery = "SELECT \(true), \(false), \(nothing)"
    let (yes, no, none) = try connection.query(query)[0].decode((Bool, Bool, String?).self)
    #expect(yes && !no && none == nil)
    // Arrays: each element back as it went in, quotes, commas and braces included.
    let elements = try connection.query(
      "SELECT v FROM unnest(\(texts)::TEXT[]) WITH ORDINALITY AS t(v, n) ORDER BY n"
    ).map { try $0.decode(String.self) }
    #expect(elements == texts)
    let sum = try connection.query(
      "SELECT sum(n)::BIGINT FROM unnest(\(numbers.dropLast(2).map { $0 })) n")
    #expect(try sum[0].decode(Int64.self) == 0)
    // Several statements of plain SQL: the last one's rows.
    #expect(try connection.query(PGQuery(unsafeSQL: "SELECT 1; SELECT 2"))[0].decode(Int.self) == 2)
  }

  /// A NUL in a value is refused, not cut short where libpq's C string would end it.
  @Test func aValueHoldingNULIsRefusedNotCut() throws {
    let connection = try connect()
    let note = "before\u{0}after"
    #expect {
      try connection.query("SELECT \(note)")
    } throws: { ($0 as? PGError)?.message.contains("NUL") == true }
    #expect(try connection.query("SELECT 1")[0].decode(Int.self) == 1)
  }

  @Test func aQueryAppendedNumbersItsValuesAfterThese() {
    var query: PGQuery = "SELECT \(Int64(1)), \(Int64(2))"
    query.append(" WHERE x = \(Int64(3)) OR y = \(Int64(4))")
    #expect(query.sql == "SELECT $1, $2 WHERE x = $3 OR y = $4")
    #expect(query.binds.values.map(\.text) == ["1", "2", "3", "4"])
    let column = "title"
    let spliced: PGQuery = "SELECT \(unescaped: column) FROM project"
    #expect(spliced.sql == "SELECT title FROM project" && spliced.binds.isEmpty)
  }

  @Test func theServersErrorComesWithItsFields() throws {
    let connection = try connect()
    try connection.query(
      "CREATE TEMPORARY TABLE pair (id BIGINT CONSTRAINT pair_key PRIMARY KEY)")
    try connection.query("INSERT INTO pair VALUES (\(Int64(1)))")
    #expect {
      try connection.query("INSERT INTO pair VALUES (\(Int64(1)))")
    } throws: { error in
      guard let error = error as? PGError else { return false }
      return error.kind == .server && error.sqlState == "23505"
        && error.constraintName == "pair_key" && error.detail?.contains("(id)=(1)") == true
    }
    // The connection goes on after an error.
    #expect(try connection.query("SELECT count(*)::BIGINT FROM pair")[0].decode(Int64.self) == 1)
    #expect(throws: PGError.self) { try connection.query("SELECT 1")[0].decode((Int, Int).self) }
    #expect(throws: PGError.self) { try connection.query("SELECT NULL")[0].decode(Int.self) }
  }

  @Test func aCopyKeepsItsRowsOrNone() throws {
    let connection = try connect()
    try connection.query("CREATE TEMPORARY TABLE copied (n BIGINT, note TEXT)")
    let copy = try connection.copyIn("COPY copied (n, note) FROM STDIN")
    for chunk in stride(from: 0, to: 10_000, by: 1_000) {
      let rows = (chunk..<chunk + 1_000).map { "\($0)\tnote \\t\($0)\n" }.joined()
      try copy.write(Array(rows.utf8))
    }
    try copy.finish(within: 30)
    let (count, tab) = try connection.query(
      "SELECT count(*)::BIGINT, max(note) FROM copied WHERE n < 10")[0]
      .decode((Int64, String).self)
    #expect(count == 10)
    #expect(tab == "note \t9")
    #expect(
      try connection.query("SELECT count(*)::BIGINT FROM copied")[0].decode(Int64.self) == 10_000)
    // A row the server cannot read fails the copy: none of its rows are kept.
    let bad = try connection.copyIn("COPY copied (n, note) FROM STDIN")
    try bad.write(Array("1\tfine\nnot a number\tx\n".utf8))
    #expect {
      try bad.finish(within: 30)
    } throws: { ($0 as? PGError)?.sqlState == "22P02" }
    let failed = try connection.copyIn("COPY copied (n, note) FROM STDIN")
    try failed.write(Array("2\tfine\n".utf8))
    try failed.fail("the file had a bad row")
    #expect(
      try connection.query("SELECT count(*)::BIGINT FROM copied")[0].decode(Int64.self) == 10_000)
  }

  @Test func aServerThatDoesNotAnswerInTimeIsLeft() throws {
    let connection = try connect()
    let start = Date()
    #expect {
      try connection.query("SELECT pg_sleep(10)", within: 0.3)
    } throws: { ($0 as? PGError)?.kind == .timedOut }
    #expect(Date().timeIntervalSince(start) < 5)
    #expect(!connection.isOpen)
    #expect(throws: PGError.self) { try connection.query("SELECT 1") }
  }

  @Test func aConnectionTheServerEndsSaysSo() throws {
    let connection = try connect()
    let other = try connect()
    try other.query("SELECT pg_terminate_backend(\(connection.serverProcessID))")
    #expect {
      try connection.query("SELECT 1", within: 10)
    } throws: { error in
      guard let error = error as? PGError else { return false }
      return error.kind == .connectionLost || error.sqlState?.hasPrefix("57P") == true
    }
  }

  @Test func aCancelledStatementEnds() throws {
    let connection = try connect()
    // A thread of its own: the statement holds this one, as Ctrl-C's handler would find it.
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: 0.3)
      connection.cancel()
    }
    #expect {
      try connection.query("SELECT pg_sleep(10)", within: 20)
    } throws: { ($0 as? PGError)?.sqlState == "57014" }
    #expect(try connection.query("SELECT 1")[0].decode(Int.self) == 1)
  }

  @Test func aLoginThatFailsSaysWhy() throws {
    #expect {
      try PGConnection.connect([
        ("host", "127.0.0.1"), ("port", "1"), ("dbname", "x"), ("connect_timeout", "2"),
      ])
    } throws: { error in
      guard let error = error as? PGError else { return false }
      return error.kind == .connectionFailed && error.message.contains("refused")
    }
    let server = try #require(Self.server)
    var wrong = try #require(URLComponents(string: server))
    wrong.password = "not-the-password"
    #expect {
      try PGConnection.connect([("dbname", wrong.string ?? "")])
    } throws: { error in
      guard let error = error as? PGError else { return false }
      return error.kind == .connectionFailed
        && error.message.contains("password authentication failed")
    }
  }
}
