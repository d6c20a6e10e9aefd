import Flow
import Foundation
import TallyCore
import TallyStorage

/// One run of a subcommand: the database, the store over it, the zone and the clock.
///
/// Every change goes through the store as a request; the persistence middleware writes it.
struct Session {
  let database: TallyDatabase
  let store: Store<AppState, TallyAction>
  let zone: TimeZone
  private let clock: @Sendable () -> Timestamp

  /// Opens the database that `options` name and loads the stored state.
  init(_ options: GlobalOptions) throws {
    zone = options.timeZone
    clock = try Self.clock(zone: zone)
    database = try TallyDatabase.open(at: options.databaseLocation)
    let stored = try database.snapshot()
    store = Store(
      state: AppState(stored: stored), reducer: AppState.reducer,
      middleware: [PersistenceMiddleware(database: database)])
  }

  /// Now, to the microsecond; `TALLY_NOW` fixes it for scripts and tests.
  var now: Timestamp { clock() }

  /// Reads dates in the session's zone.
  var dates: TimestampParser { TimestampParser(zone: zone) }

  /// Carries out a request through the store.
  ///
  /// - Returns: What was done, for people.
  /// - Throws: The ``TallyError`` the request failed with; nothing was changed then.
  @discardableResult
  func perform(_ request: Request) throws -> String {
    let outcome = store.run(
      Command<AppState, TallyAction, Result<String, TallyError>, Never> { context in
        context.dispatch(.request(request))
        if let error = context.state.lastError { return .failure(error) }
        guard let message = context.state.status else {
          return .failure(TallyError(.storage, "the request was not carried out"))
        }
        return .success(message)
      })
    return try outcome.get()
  }

  /// The project titled `title`, ignoring case.
  func project(titled title: String) throws -> ProjectSummary {
    guard let project = store.state.project(titled: title) else {
      throw TallyError(
        .notFound, "there is no project titled '\(title)'",
        hint: "`tally project list` shows the projects.")
    }
    return project
  }

  /// Parses a date given to `option`.
  func timestamp(_ text: String, for option: String) throws -> Timestamp {
    do {
      return try dates.parse(text)
    } catch {
      throw TallyError(.invalidInput, "\(option) \(error)")
    }
  }

  private static func clock(zone: TimeZone) throws -> @Sendable () -> Timestamp {
    guard let fixed = ProcessInfo.processInfo.environment["TALLY_NOW"], !fixed.isEmpty else {
      return { Timestamp(Date()) }
    }
    do {
      let now = try TimestampParser(zone: zone).parse(fixed)
      return { now }
    } catch {
      throw TallyError(.invalidInput, "TALLY_NOW \(error)")
    }
  }
}
