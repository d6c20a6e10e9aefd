public import Routing
public import TallyCore

/// Everything that can happen to tally's state.
public enum TallyAction: Equatable, Sendable {
  /// Move between screens.
  case navigate(NavigationAction<Route, RouteData>)
  /// Ask for a change of stored data; the persistence middleware turns it into `committed` or
  /// `failed`, and the reducer ignores it.
  case request(Request)
  /// Stored data as read from the database (at start, or when another screen needs it).
  case loaded(Snapshot)
  /// A change was written; the state takes what the database now holds.
  case committed(Commit)
  /// The report the route shows, as the application summed it; `nil` when it shows none.
  case reportLoaded(ProjectReport?)
  /// Something could not be done; nothing was changed.
  case failed(TallyError)
  /// Forget the last error and status message.
  case clearMessages
  /// Change how screens show things (`view records`, `pager off`).
  case display(DisplayAction)
}
