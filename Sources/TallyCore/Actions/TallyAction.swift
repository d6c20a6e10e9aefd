public import Routing

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
}

/// What a successful write leaves behind.
public struct Commit: Equatable, Sendable {
  /// What was done, for people: "Added reading 12 to Mileage: 42.5 km".
  public var message: String
  /// The stored data after the write.
  public var snapshot: Snapshot
  /// What an import did, when the write was one (or a dry run of one, which wrote nothing).
  public var importOutcome: ImportOutcome?

  /// Creates a commit.
  public init(message: String, snapshot: Snapshot, importOutcome: ImportOutcome? = nil) {
    self.message = message
    self.snapshot = snapshot
    self.importOutcome = importOutcome
  }
}
