/// What a middleware or command can reach of its store: the current state and `dispatch`.
public struct StoreContext<State: Sendable, Action: Sendable>: Sendable {
  let store: Store<State, Action>

  /// The store's state now.
  public var state: State { store.state }

  /// Dispatches an action to the store.
  ///
  /// Called while an action is being processed, the new action is queued and applied after it.
  ///
  /// - Returns: The actions the reducer received (see ``Store/dispatch(_:)``); empty when
  ///   the action was queued.
  @discardableResult
  public func dispatch(_ action: Action) -> [Action] {
    store.dispatch(action)
  }
}
