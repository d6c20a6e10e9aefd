import Flow
import Foundation
import Routing
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
  ///
  /// - Parameters:
  ///   - options: The database and the zone.
  ///   - resumingRoute: Whether to start on the route saved by the last REPL and keep saving
  ///     it (the REPL); subcommands start at home and leave it alone.
  ///   - creating: Whether a database that does not exist is created; a command that only
  ///     reads reads an empty one instead, and leaves no file behind.
  /// - Throws: ``TallyError`` when the database cannot be opened or read.
  init(_ options: GlobalOptions, resumingRoute: Bool = false, creating: Bool = true) throws {
    zone = options.timeZone
    clock = try Self.clock(zone: zone)
    database = try TallyDatabase.open(at: options.databaseLocation, creating: creating)
    let saved = resumingRoute ? try database.savedRoute() : []
    // One read: a project that is gone has no readings to load and drops off the route.
    let stored = try database.snapshot(openProject: AppState.routedProjectID(in: saved))
    let route = Route.restored(saved, projects: stored.projects)
    var middleware: [any Middleware<AppState, TallyAction>] = [
      PersistenceMiddleware(database: database)
    ]
    if resumingRoute {
      middleware.append(RouteMemoryMiddleware(database: database))
    }
    store = Store(
      state: AppState(navigation: NavigationState(route: route), stored: stored),
      reducer: AppState.reducer, middleware: middleware)
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
    try store.perform(request)
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

  /// The project `reading` belongs to.
  func project(of reading: Reading) throws -> Project {
    guard let project = store.state.project(id: reading.projectID) else {
      throw TallyError(.notFound, "there is no project \(reading.projectID)")
    }
    return project.project
  }

  /// Parses `--from` (inclusive) and `--to` (exclusive), one rule for every command that takes
  /// them: the first must come before the second.
  func range(from: String?, to: String?) throws -> (from: Timestamp?, to: Timestamp?) {
    let start = try from.map { try timestamp($0, for: "--from") }
    let end = try to.map { try timestamp($0, for: "--to") }
    if let start, let end, let from, let to, start >= end {
      throw TallyError(.invalidInput, "--from must come before --to (--from \(from), --to \(to))")
    }
    return (start, end)
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
