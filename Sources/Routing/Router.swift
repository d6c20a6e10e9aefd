public import Flow

/// Keeps the screens in step with the route in a store's state.
///
/// The router subscribes to the route; on each change it computes
/// ``RoutingStep/transition(from:to:)`` and calls pop, change and push on the routables,
/// synchronously, on the dispatching thread. A step that fails stops the transition: the error
/// goes to `onError` with the route actually shown, from which the next change starts.
///
/// The store holds the router weakly: keep a reference for as long as it should route.
public final class Router<State: Sendable, Action: Sendable, Segment: Equatable & Sendable>:
  StoreSubscriber
{
  private var routables: [any Routable<Segment>]
  private let onError: (RoutingError<Segment>) -> Void

  /// The route the routables show now.
  public private(set) var shownRoute: [Segment] = []

  /// Creates a router and shows the store's current route at once.
  ///
  /// - Parameters:
  ///   - store: The store whose state holds the route.
  ///   - root: Shows the first segment of the route.
  ///   - route: Selects the route from the state.
  ///   - onError: Receives the steps that failed.
  public init(
    store: Store<State, Action>,
    root: any Routable<Segment>,
    route: @escaping (State) -> [Segment],
    onError: @escaping (RoutingError<Segment>) -> Void
  ) {
    self.routables = [root]
    self.onError = onError
    store.subscribe(self, select: route, skipRepeats: ==)
  }

  /// Moves the screens from the shown route to `route`.
  public func newState(_ route: [Segment]) {
    for step in RoutingStep.transition(from: shownRoute, to: route) {
      do {
        try perform(step)
      } catch {
        onError(
          RoutingError(
            step: step, shownRoute: shownRoute, requestedRoute: route, underlying: error))
        return
      }
    }
  }

  private func perform(_ step: RoutingStep<Segment>) throws {
    switch step {
    case .pop(let depth, let segment):
      try routables[depth].pop(segment)
      routables.removeLast()
      shownRoute.removeLast()
    case .change(let depth, let old, let new):
      routables[depth + 1] = try routables[depth].change(old, to: new)
      shownRoute[depth] = new
    case .push(let depth, let segment):
      routables.append(try routables[depth].push(segment))
      shownRoute.append(segment)
    }
  }
}
