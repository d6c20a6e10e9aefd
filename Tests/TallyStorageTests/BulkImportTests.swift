import Foundation
import TallyCore
import TallyPostgres
import TestSupport
import Testing

/// Imports of many rows in the file's order, as users make them: more rows than one sorted run
/// of the PostgreSQL import, which streams into an empty project straight into its table.
@Suite struct BulkImportTests {
  let clock = TestClock()

  /// `count` rows at times that jump about (every seventh row shares its time with the row
  /// before it), each noted with its line, amounts whole so that sums are exact.
  static func shuffledRows(_ count: Int) -> [ImportedReading] {
    var state: UInt64 = 42
    var rows: [ImportedReading] = []
    rows.reserveCapacity(count)
    for index in 0..<count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let seconds =
        index % 7 == 6
        ? rows[index - 1].timestamp.microsecondsSince1970 / 1_000_000
        : 1_500_000_000 + Int64(state >> 40)
      rows.append(
        ImportedReading(
          line: index + 2, timestamp: Timestamp(secondsSince1970: seconds),
          amount: Double(index % 1_000), note: "line \(index + 2)"))
    }
    return rows
  }

  @Test(arguments: Backend.allCases, RowSource.allCases)
  func everyRowOfALargeFileIsStoredOnceAndUndoneAsABatch(
    _ backend: Backend, _ source: RowSource
  ) throws {
    let storage = try backend.make()
    let store = try makeStore(storage)
    let project = try storage.addProject(at: clock.now())
    store.dispatch(.loaded(try storage.snapshot()))
    let rows = Self.shuffledRows(200_000)
    let outcome = try storage.importReadings(
      into: .project(project), fileName: "big.csv", at: clock.now(), from: source
    ) { sink in
      for row in rows { try sink.add(row) }
      return "hash"
    }
    #expect(outcome.imported == rows.count)
    let stored = try storage.readings(of: project)
    #expect(stored.count == rows.count)
    #expect(stored.reduce(0) { $0 + $1.amount } == rows.reduce(0) { $0 + $1.amount })
    // In time order; rows at the same time in the file's order, ids too.
    #expect(zip(stored, stored.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
    let line = { (reading: Reading) in Int(reading.note?.dropFirst(5) ?? "") ?? 0 }
    #expect(
      zip(stored, stored.dropFirst()).allSatisfy { earlier, later in
        earlier.timestamp < later.timestamp
          || (line(earlier) < line(later) && earlier.id.rawValue < later.id.rawValue)
      })
    #expect(Set(stored.map(\.id)).count == rows.count)
    let batch = try #require(outcome.batch)
    #expect(stored.allSatisfy { $0.batchID == batch.id })
    let ids = try #require(batch.readingIDs)
    #expect(stored.allSatisfy { ids.contains($0.id.rawValue) })
    let summary = try #require(outcome.snapshot.projects.first)
    #expect(summary.readingCount == rows.count)
    #expect(summary.lastReadingAt == rows.map(\.timestamp).max())

    // Again: every row is a duplicate.
    let again = try storage.importReadings(
      into: .project(project), fileName: "big.csv", at: clock.now(), from: source
    ) { sink in
      for row in rows { try sink.add(row) }
      return "hash"
    }
    #expect((again.imported, again.duplicates) == (0, rows.count))

    #expect(store.request(.undoImport(batch.id, at: clock.now())) == nil)
    #expect(try storage.readings(of: project).isEmpty)
    #expect(store.request(.undo(at: Timestamp(microsecondsSince1970: 0))) == nil)
    #expect(try storage.readings(of: project) == stored)
  }

  @Test(arguments: Backend.allCases)
  func aFileThatFailsHalfWayIntoAnEmptyProjectLeavesNothing(_ backend: Backend) throws {
    let storage = try backend.make()
    let project = try storage.addProject(at: clock.now())
    let before = try storage.snapshot()
    let rows = Self.shuffledRows(150_000)
    #expect {
      try storage.importReadings(into: .project(project), fileName: "bad.csv", at: clock.now()) {
        sink in
        for row in rows { try sink.add(row) }
        throw TallyError(.invalidInput, "bad.csv, line 150002: an unterminated quote")
      }
    } throws: { error in
      (error as? TallyError)?.message == "bad.csv, line 150002: an unterminated quote"
    }
    #expect(try storage.snapshot() == before)
    #expect(try storage.readings(of: project).isEmpty)
    #expect(try storage.importBatches().isEmpty)
  }

  @Test(.enabled(if: PostgresTestServer.address != nil))
  func twoImportsOfOneFileIntoAnEmptyProjectAtOnceStoreItOnce() throws {
    let address = try PostgresTestServer.newDatabase()
    let url = PostgresTestServer.url(of: address)
    let ann = try PostgresStorage.open(
      try PostgresTestServer.person("ana_admin", superuser: true, in: address))
    let bob = try PostgresStorage.open(
      try PostgresTestServer.person("bob_admin", superuser: true, in: address))
    let project = try ann.addProject(at: clock.now())
    let rows = Self.shuffledRows(1_000)
    let annHolds = DispatchSemaphore(value: 0)
    let annDone = DispatchSemaphore(value: 0)
    let annResult = Locked<Result<ImportResult, any Error>?>(nil)
    let at = clock.now()
    // Ann's import holds the writers' turn while it streams; Bob's waits for it before his
    // transaction begins, then reads his file once and finds every row stored: no retry.
    Thread {
      annResult.value = Result {
        try ann.importReadings(into: .project(project), fileName: "f.csv", at: at) { sink in
          annHolds.signal()
          let deadline = Date().addingTimeInterval(20)
          while Date() < deadline,
            try PostgresTestServer.psql(
              url,
              "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                + "AND wait_event_type = 'Lock'") == "0"
          {
            usleep(20_000)
          }
          for row in rows { try sink.add(row) }
          return "hash"
        }
      }
      annDone.signal()
    }.start()
    annHolds.wait()
    let feeds = Locked(0)
    let bobs = try bob.importReadings(into: .project(project), fileName: "f.csv", at: at) {
      sink in
      feeds.value += 1
      for row in rows { try sink.add(row) }
      return "hash"
    }
    annDone.wait()
    let anns = try #require(try annResult.value?.get())
    #expect((anns.imported, anns.duplicates) == (rows.count, 0))
    #expect((bobs.imported, bobs.duplicates) == (0, rows.count))
    #expect(bob.retries == 0)
    #expect(feeds.value == 1)
    #expect(try bob.readings(of: project).count == rows.count)
    #expect(try bob.snapshot().projects.first?.readingCount == rows.count)
  }
}

/// A value that threads share.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) {
    stored = value
  }

  var value: Value {
    get {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
    set {
      lock.lock()
      stored = newValue
      lock.unlock()
    }
  }
}
