public import Flow
public import Foundation
public import Logging
import Routing
public import TallyCore
import TallyPostgres
public import TallyReports
public import TallyState
public import TallyStorage

/// One run of tally, from either front door: the storage, the store over it, the zone, the
/// clock and where messages go.
///
/// Every change goes through the store as a request, and the persistence middleware writes it;
/// the use cases (in this target's `UseCases`) are the session's methods.
public final class Session {
  /// Whether what was asked with an exit code for attention found something: a project due,
  /// a goal at risk or missed (`--exit-code`).
  public internal(set) var needsAttention = false
  /// Where the data is kept.
  public let storage: any Storage
  /// The one store of the app state.
  public let store: Store<AppState, TallyAction>
  /// The zone dates are read and shown in.
  public let zone: TimeZone
  /// Where results, status and questions go.
  public var messages: MessageSink
  /// How wide tables may be, and what bars and sparklines are drawn with.
  public let display: TextDisplay
  /// The terminal the front door found.
  public let terminal: Terminal
  let clock: @Sendable () -> Timestamp
  /// Whether the person asked to stop (see ``SessionOptions/isInterrupted``).
  let isInterrupted: @Sendable () -> Bool
  /// Set by ``watchForChanges()``: only a session that lasts (the REPL) looks for other
  /// processes' writes; a subcommand's reads nothing for it.
  private var watch: ChangeWatch?

  /// Opens the database that `options` name and loads the stored state.
  ///
  /// - Parameters:
  ///   - options: The database, the zone, and how the session behaves.
  ///   - messages: Where the session speaks.
  /// - Throws: ``TallyError`` when the database cannot be opened or read, or `TALLY_NOW` or
  ///   `TALLY_LOG` is not understood.
  public convenience init(_ options: SessionOptions, messages: MessageSink? = nil) throws {
    let messages = messages ?? .standard(on: options.terminal)
    let storage = try options.openStorage(progress: messages.progress)
    do {
      try self.init(storage: storage, options: options, messages: messages)
    } catch {
      storage.discardIfCreated()
      throw error
    }
  }

  /// Starts a session on `storage`.
  ///
  /// - Throws: ``TallyError`` when the storage cannot be read, or `TALLY_NOW` or `TALLY_LOG`
  ///   is not understood.
  public init(
    storage: any Storage, options: SessionOptions, messages: MessageSink? = nil
  ) throws {
    self.storage = storage
    self.messages = messages ?? .standard(on: options.terminal)
    terminal = options.terminal
    zone = options.zone
    display = options.display
    clock = try options.clock ?? Self.clock(zone: options.zone)
    isInterrupted = options.isInterrupted
    let saved = options.resumingRoute ? try storage.savedScreen() : SavedScreen(route: [])
    // One read: a project that is gone has no readings to load and drops off the route.
    let stored = try storage.snapshot(openProject: AppState.routedProjectID(in: saved.route))
    let route = Route.restored(saved.route, projects: stored.projects)
    var middleware: [any Middleware<AppState, TallyAction>] = []
    if let level = try options.logLevel ?? LogLevelName.fromEnvironment() {
      var logger = Logger(
        label: "tally", factory: { label in StreamLogHandler.standardError(label: label) })
      logger.logLevel = level
      middleware.append(
        LoggingMiddleware<AppState, TallyAction>(logger: logger, describe: Self.describe))
    }
    let reports = ProjectReportQuery(storage: storage, zone: zone, clock: clock)
    middleware.append(PersistenceMiddleware(storage: storage, zone: zone))
    // A report screen shows the latest periods that fit the terminal: no more periods than it
    // has lines are summed (the screen leaves out those its title and totals push off).
    var screenLines: @Sendable () -> Int? = { nil }
    if options.showsScreens, options.terminal.output {
      screenLines = { [terminal] in terminal.lines() }
    }
    middleware.append(ReportMiddleware(query: reports, latestPeriods: screenLines))
    let standing = StandingQuery(storage: storage, zone: zone, clock: clock)
    if options.showsScreens {
      middleware.append(StandingMiddleware(query: standing))
    }
    if options.resumingRoute {
      middleware.append(RouteMemoryMiddleware(storage: storage))
    }
    var state = AppState(navigation: NavigationState(route: route), stored: stored)
    // A report screen reopens by the period it was left on.
    if route.last == .report, let period = saved.reportPeriod {
      NavigationState.reducer.reduce(&state.navigation, .setData(.report(period), for: route))
    }
    if options.showsScreens {
      state.stored.standing = try standing.standing(of: stored.projects)
    }
    // A resumed report screen shows its report at once, as the middleware loads it later:
    // the latest periods that fit the terminal, as the middleware sums them.
    if let shown = state.shownReport {
      state.report = try reports.report(
        shown.project, period: shown.period, latestPeriods: screenLines())
    }
    store = Store(state: state, reducer: AppState.reducer, middleware: middleware)
  }

  /// Now, to the microsecond; `TALLY_NOW` fixes it for scripts and tests.
  public var now: Timestamp { clock() }

  /// Reads dates in the session's zone.
  public var dates: TimestampParser { TimestampParser(zone: zone) }

  /// Carries out a request through the store.
  ///
  /// - Returns: What was done, for people.
  /// - Throws: The ``TallyError`` the request failed with; nothing was changed then.
  @discardableResult
  public func perform(_ request: Request) throws(TallyError) -> String {
    try store.perform(request).message
  }

  /// Carries out an import, its rows outside the store's actions.
  ///
  /// - Returns: What it did in each project.
  /// - Throws: The ``TallyError`` it failed with; nothing was imported then.
  func importReadings(_ jobs: [ImportJob]) throws(TallyError) -> [ImportOutcome] {
    try PersistenceMiddleware.importReadings(jobs, at: now, on: storage, through: store)
  }

  /// Starts noticing what other processes write, from now on (see ``catchUp()``).
  public func watchForChanges() {
    if watch == nil { watch = ChangeWatch(storage: storage) }
  }

  /// Takes in what another process wrote since the last look, if anything.
  ///
  /// The store then holds the stored data as it now is, and the screens show what changed.
  /// Without ``watchForChanges()`` first, it does nothing.
  public func catchUp() throws(TallyError) {
    guard let watch, try watch.hasChanged() else { return }
    store.dispatch(.loaded(try storage.snapshot(openProject: store.state.routedProjectID)))
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

  /// An action as a log line: an import's rows are a stream, not a value to print.
  @Sendable private static func describe(_ action: TallyAction) -> String {
    switch action {
    case .loaded(let snapshot):
      "loaded(\(snapshot.projects.count) projects)"
    case .committed(let commit):
      "committed(\(commit.message))"
    default:
      String(describing: action)
    }
  }
}

/// How a session is opened.
public struct SessionOptions: Sendable {
  /// Where the database is.
  public var location: DatabaseLocation
  /// The zone of dates without an offset, and of report periods.
  public var zone: TimeZone
  /// Whether to start on the route the last interactive session left, and keep saving it.
  public var resumingRoute: Bool
  /// Whether a database that does not exist is created; otherwise one that does not exist
  /// is read as empty, and no file is left behind.
  public var creating: Bool
  /// Whether the session only reads: the database is then opened without a write lock and
  /// nothing is written to it (a read-only file or folder will do).
  public var readOnly: Bool
  /// How much to log to standard error; `nil` reads `TALLY_LOG`, and without it logs nothing.
  public var logLevel: Logger.Level?
  /// A fixed clock, for tests; `nil` reads `TALLY_NOW`, else the system's.
  public var clock: (@Sendable () -> Timestamp)?
  /// Whether screens show the state (the REPL): only then does the session work out how each
  /// project stands (due readings, goals' current periods) whenever stored data arrives; a
  /// subcommand that prints and exits does not pay for it.
  public var showsScreens: Bool
  /// How wide tables may be, and what bars and sparklines are drawn with.
  public var display: TextDisplay
  /// The terminal the front door found: none unless it says otherwise.
  public var terminal: Terminal = .none
  /// The person the command line named (`--user`, `TALLY_USER`), if it named one: on a shared
  /// server the person is the role logged in as, and a different name is refused.
  public var claimedUser: String?
  /// Whether the person asked to stop (Ctrl-C) since the command began.
  ///
  /// A long write (an import) asks between rows, and stops, changing nothing, when they did.
  /// The front door that catches the signal answers it (see ``Interruption``, and the REPL's
  /// line editor).
  public var isInterrupted: @Sendable () -> Bool = { false }

  /// Describes a session.
  public init(
    location: DatabaseLocation, zone: TimeZone, resumingRoute: Bool = false,
    creating: Bool = false, readOnly: Bool = false, logLevel: Logger.Level? = nil,
    clock: (@Sendable () -> Timestamp)? = nil, showsScreens: Bool = false,
    display: TextDisplay = TextDisplay(width: nil, glyphs: .unicode),
    claimedUser: String? = nil
  ) {
    self.claimedUser = claimedUser
    self.showsScreens = showsScreens
    self.display = display
    self.location = location
    self.zone = zone
    self.resumingRoute = resumingRoute
    self.creating = creating
    self.readOnly = readOnly
    self.logLevel = logLevel
    self.clock = clock
  }
}

extension SessionOptions {
  /// The path of the database file, when nothing is there yet.
  ///
  /// A command that does not make it then answers as for an empty database, and says that
  /// none is there (a mistyped `--db` is not taken for an empty one); one that makes it and
  /// fails says so too. `nil` for a server.
  public var missingDatabase: String? {
    guard !location.isServer else { return nil }
    var status = stat()
    return lstat(location.path, &status) == 0 ? nil : location.path
  }

  /// Opens the storage that ``location`` names: a PostgreSQL server for a `postgresql://`
  /// URL, else the SQLite file.
  ///
  /// - Parameter progress: Told the share done while a migration that takes a while (a large
  ///   database's first rollups) runs, then `nil` when it is over.
  /// - Returns: The storage, its schema up to date.
  /// - Throws: ``TallyError`` when it cannot be opened; a URL in a message has no password.
  public func openStorage(
    progress: @escaping (Double?) -> Void = { _ in }
  ) throws(TallyError) -> any Storage {
    try open(progress: progress).storage
  }

  /// Opens the database that ``location`` names, as ``openStorage(progress:)`` does, with
  /// what it can do besides reading and writing.
  public func open(
    progress: @escaping (Double?) -> Void = { _ in }
  ) throws(TallyError) -> OpenedDatabase {
    guard location.isServer else {
      let told = MigrationProgress(progress)
      defer { told.end() }
      return .file(
        try TallyDatabase.open(
          at: location, access: readOnly ? .read : creating ? .create : .write,
          migrationProgress: { told.tell($0) }))
    }
    let address = try PostgresAddress(
      url: location.path, environment: ProcessInfo.processInfo.environment,
      // As libpq: $HOME first, then the account's home.
      homeDirectory: ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        ?? FileManager.default.homeDirectoryForCurrentUser.path,
      loginName: ProcessInfo.processInfo.userName)
    var level = logLevel
    if level == nil { level = try LogLevelName.fromEnvironment() }
    return .server(try PostgresStorage.open(address, claimedUser: claimedUser, logLevel: level))
  }
}

/// Hands a migration's progress to the session's sink.
///
/// The database takes a `Sendable` closure, since it keeps its migrations; it calls it only
/// while it opens, on the opening thread, before `openStorage` returns.
private final class MigrationProgress: @unchecked Sendable {
  private let progress: (Double?) -> Void
  private var told = false

  init(_ progress: @escaping (Double?) -> Void) {
    self.progress = progress
  }

  func tell(_ share: Double) {
    told = true
    progress(share)
  }

  /// Says the migration is over, if it told anything.
  func end() {
    if told { progress(nil) }
  }
}
