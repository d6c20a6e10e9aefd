public import Flow
import TallyCore
public import TallyState

/// Adds to the stored data on its way to the state how each project stands now (due
/// readings, goals' current periods), so that the screens show it from the state, in the same
/// change as the data it was worked out from.
public struct StandingMiddleware: Middleware {
  private let query: StandingQuery

  /// Creates the middleware over `query`.
  public init(query: StandingQuery) {
    self.query = query
  }

  public func handle(
    _ action: TallyAction, context: StoreContext<AppState, TallyAction>,
    next: (TallyAction) -> Void
  ) {
    // A standing that cannot be read is left out: the data it would go with was written or
    // read, and saying otherwise would be wrong.
    switch action {
    case .loaded(var snapshot):
      snapshot.standing = (try? query.standing(of: snapshot.projects)) ?? [:]
      next(.loaded(snapshot))
    case .committed(var commit):
      commit.snapshot.standing = (try? query.standing(of: commit.snapshot.projects)) ?? [:]
      next(.committed(commit))
    case .navigate, .request, .failed, .clearMessages, .reportLoaded, .display:
      next(action)
    }
  }
}
