/// Code that sees every action before and after the reducer: the place for effects.
///
/// Middleware runs in the order the store was given. Each one receives the action and a `next`
/// function that passes an action on to the rest of the chain and, at its end, to the reducer.
/// What a middleware does before calling `next` happens before the state changes; what it does
/// after `next` returns sees the new state in ``StoreContext/state``. A middleware can:
/// - stop the action, by not calling `next`;
/// - replace it, by calling `next` with another action;
/// - dispatch others through ``StoreContext/dispatch(_:)``; they are queued and applied, in
///   order, after the current action has been fully processed (never re-entrantly).
public protocol Middleware<State, Action>: Sendable {
  /// The state of the store this middleware works in.
  associatedtype State: Sendable
  /// The actions of the store this middleware works in.
  associatedtype Action: Sendable

  /// Handles one action.
  ///
  /// - Parameters:
  ///   - action: The action on its way to the reducer.
  ///   - context: Reads the current state and dispatches further actions.
  ///   - next: Passes an action on towards the reducer; returns once the reducer has run.
  func handle(_ action: Action, context: StoreContext<State, Action>, next: (Action) -> Void)
}

/// A middleware made of a closure, for effects too small to deserve a type of their own.
public struct MiddlewareFunction<State: Sendable, Action: Sendable>: Middleware {
  private let body: @Sendable (Action, StoreContext<State, Action>, (Action) -> Void) -> Void

  /// Creates a middleware from a closure with the signature of ``Middleware/handle(_:context:next:)``.
  public init(
    _ body: @escaping @Sendable (Action, StoreContext<State, Action>, (Action) -> Void) -> Void
  ) {
    self.body = body
  }

  public func handle(
    _ action: Action, context: StoreContext<State, Action>, next: (Action) -> Void
  ) {
    body(action, context, next)
  }
}
