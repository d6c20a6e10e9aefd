public import Flow
public import TallyCore
public import TallyState

/// Saves the route after each navigation that changes what would be reopened, so that starting
/// tally again shows the same screen: with the period its report screen was given.
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
    let before = Self.resumable(context.state)
    next(action)
    let after = Self.resumable(context.state)
    guard after != before else { return }
    do {
      try storage.saveScreen(after)
    } catch {
      context.dispatch(.failed(error))
    }
  }

  /// What a next session would reopen of `state`: the route up to its first form, and the
  /// period of the report screen that ends it.
  static func resumable(_ state: AppState) -> SavedScreen {
    let route = Route.resumable(state.navigation.route)
    guard route.last == .report else { return SavedScreen(route: route) }
    return SavedScreen(
      route: route, reportPeriod: state.navigation.data(for: route)?.reportPeriod)
  }
}
