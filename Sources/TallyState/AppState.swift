public import Routing
public import TallyCore

/// Everything tally shows: where the user is, the projects, the open project's readings,
/// running timers, what undo would do, and the last error or status message.
public struct AppState: Equatable, Sendable {
  /// The route of screens.
  public var navigation: NavigationState<Route, RouteData>
  /// The stored data on screen.
  public var stored: Snapshot
  /// Why the last request failed, until the next one succeeds.
  public var lastError: TallyError?
  /// What the last request did.
  public var status: String?
  /// The report on screen, when the route shows one.
  public var report: ProjectReport?
  /// How screens lay out reading lists, and whether long output is paged.
  public var display: DisplaySettings

  /// Creates a state.
  public init(
    navigation: NavigationState<Route, RouteData> = NavigationState(route: [.home]),
    stored: Snapshot = Snapshot(), lastError: TallyError? = nil, status: String? = nil,
    report: ProjectReport? = nil, display: DisplaySettings = DisplaySettings()
  ) {
    self.navigation = navigation
    self.stored = stored
    self.lastError = lastError
    self.status = status
    self.report = report
    self.display = display
  }
}
