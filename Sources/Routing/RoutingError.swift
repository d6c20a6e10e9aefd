/// A route change that a routable could not carry out.
public struct RoutingError<Segment: Equatable & Sendable>: Error, CustomStringConvertible {
  /// The step that failed.
  public var step: RoutingStep<Segment>
  /// The route that is shown: the old route with the steps before the failed one applied.
  public var shownRoute: [Segment]
  /// The route the state asked for.
  public var requestedRoute: [Segment]
  /// What the routable threw.
  public var underlying: any Error

  public var description: String {
    "cannot route to \(requestedRoute): \(step) failed (\(underlying)); showing \(shownRoute)"
  }
}
