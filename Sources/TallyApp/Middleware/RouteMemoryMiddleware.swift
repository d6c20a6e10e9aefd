public import Flow
public import TallyCore
public import TallyState

/// Saves the route after each navigation that changes what would be reopened, so that starting
/// tally again shows the same screen.
///
/// Forms are not reopened: the saved route ends before the first form (``Route/resumable(_:)``).
/// A route that cannot be saved is reported as a failure; the navigation itself stands.
public struct RouteMemoryMiddleware: Middleware {
  private let storage: any Storage

  /// Creates the middleware over `storage`.
  public init(storage: any Storage) {
    self.storage = storage
  }

  public func handle(
    _ action: TallyAction, context: StoreContext<AppState, TallyAction>,
    next: (TallyAction) -> Void
  ) {
    guard case .navigate = action else { return next(action) }
    let before = Route.resumable(context.state.navigation.route)
    next(action)
    let after = Route.resumable(context.state.navigation.route)
    guard after != before else { return }
    do {
      try storage.saveRoute(after)
    } catch {
      context.dispatch(.failed(error))
    }
  }
}
