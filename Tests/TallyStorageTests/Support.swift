import Flow
import Foundation
import TallyApp
import TallyCore
import TallyPostgres
import TallyState
import TallyStorage
import TestSupport
import Testing

/// A store wired as tally wires it, over `storage`.
func makeStore(_ storage: any Storage) throws -> Store<AppState, TallyAction> {
  Store(
    state: AppState(stored: try storage.snapshot(openProject: nil)), reducer: AppState.reducer,
    middleware: [PersistenceMiddleware(storage: storage)])
}

extension Store where State == AppState, Action == TallyAction {
  /// Dispatches a request and returns the error it failed with, if any.
  @discardableResult
  func request(_ request: Request) -> TallyError? {
    dispatch(.request(request))
    return state.lastError
  }

  func projectID(_ title: String) -> ProjectID? {
    state.project(titled: title)?.id
  }
}

/// What an import left: its outcome, its message and the stored data after it.
@dynamicMemberLookup
struct ImportResult {
  let outcome: ImportOutcome
  let message: String
  let snapshot: Snapshot

  subscript<Value>(dynamicMember path: KeyPath<ImportOutcome, Value>) -> Value {
    outcome[keyPath: path]
  }
}

extension Storage {
  /// Imports rows as one request, as the store does, and returns what it did.
  @discardableResult
  func importReadings(
    into target: ImportTarget, fileName: String, at: Timestamp, skipInvalid: Bool = false,
    dryRun: Bool = false, openProject: ProjectID? = nil, expectedRows: Int = 0,
    settings: ImportSettings = ImportSettings([]), again: Bool = false,
    from source: RowSource = .file, rows: @escaping (any ImportRowSink) throws -> String
  ) throws -> ImportResult {
    let job = ImportJob(
      target: target, fileName: fileName, skipInvalid: skipInvalid, dryRun: dryRun,
      expectedRows: expectedRows, settings: settings, again: again,
      rows: ImportRows(canBeReadAgain: source == .file, rows))
    let commit = try importReadings([job.validated()], at: at, openProject: openProject)
    guard let outcome = commit.importOutcome else {
      throw TallyError(.storage, "the import reported no outcome")
    }
    return ImportResult(outcome: outcome, message: commit.message, snapshot: commit.snapshot)
  }
}

extension Storage {
  /// Every reading of `project`, in time order.
  func readings(of project: ProjectID) throws -> [Reading] {
    var result: [Reading] = []
    try forEachReading(of: project) { result.append($0) }
    return result
  }

  /// Adds a daily project titled `title` through a store, as a user would.
  ///
  /// - Returns: Its id.
  func addProject(_ title: String = "P", at: Timestamp) throws -> ProjectID {
    let store = try makeStore(self)
    store.request(.addProject(NewProject(title: title, frequency: .daily), at: at))
    return try #require(store.projectID(title))
  }
}

/// Where an import's rows come from, as the storage sees it.
enum RowSource: String, CaseIterable, CustomTestStringConvertible {
  /// A regular file: the storage may read the rows again.
  case file
  /// A pipe: the rows can be read once only.
  case pipe

  var testDescription: String { rawValue }
}

/// The storages the conformance suite runs against.
///
/// A test that takes a backend runs once for each, through the ``Storage`` protocol alone.
/// PostgreSQL takes part when `TALLY_TEST_POSTGRES` holds the URL of a server whose role may
/// create databases: each test gets a new database there. Without it, ``PostgresSkipTests``
/// says, in every run's output, that this part was skipped.
enum Backend: String, CaseIterable, CustomTestStringConvertible {
  case sqlite
  case postgres

  /// The backends of this run: SQLite always, PostgreSQL when a server is named.
  static var allCases: [Backend] {
    PostgresTestServer.address == nil ? [.sqlite] : [.sqlite, .postgres]
  }

  /// A new, empty storage of this kind.
  func make() throws -> any Storage {
    switch self {
    case .sqlite: try TallyDatabase.inMemory()
    case .postgres: try PostgresStorage.open(try PostgresTestServer.newDatabase())
    }
  }

  var testDescription: String { rawValue }
}

/// Says in the test output that the PostgreSQL part did not run, when it did not.
@Suite struct PostgresSkipTests {
  @Test(
    .enabled(
      if: PostgresTestServer.address != nil, Comment(rawValue: PostgresTestServer.skipReason)))
  func theStorageSuiteRunsOnPostgreSQL() throws {
    #expect(Backend.allCases.contains(.postgres))
  }
}

/// One step of a random walk over a storage: a request, or an import (which travels apart from
/// requests, its rows read as they are written).
enum WriteStep: CustomStringConvertible {
  case request(Request)
  case importFile(ImportJob, at: Timestamp)

  /// Carries it out on `storage`, validated first as the store validates it.
  @discardableResult
  func perform(on storage: any Storage) throws(TallyError) -> Commit {
    switch self {
    case .request(let request):
      try storage.perform(request.validated(), openProject: nil)
    case .importFile(let job, let at):
      try storage.importReadings([job.validated()], at: at, openProject: nil)
    }
  }

  var description: String {
    switch self {
    case .request(let request): "\(request)"
    case .importFile(let job, let at): "import \(job.fileName) into \(job.target) at \(at)"
    }
  }
}
