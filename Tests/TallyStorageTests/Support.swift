import Flow
import Foundation
import TallyCore
import TallyStorage

/// A temporary folder that is removed when the test ends.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}

/// A store wired as tally wires it, over `database`.
func makeStore(_ database: TallyDatabase) throws -> Store<AppState, TallyAction> {
  Store(
    state: AppState(stored: try database.snapshot()), reducer: AppState.reducer,
    middleware: [PersistenceMiddleware(database: database)])
}

/// A clock for tests: each call is one second after the last.
final class TestClock: @unchecked Sendable {
  private var seconds: Int64 = 1_700_000_000

  func now() -> Timestamp {
    seconds += 1
    return Timestamp(secondsSince1970: seconds)
  }
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
