/// A pure function that applies an action to a state.
///
/// A reducer reads nothing but its arguments: no clock, no file, no database. Values such as
/// "now" or a new identifier travel inside the action. Reducers compose: ``combine(_:)`` runs
/// several in order, and ``lifted(to:)`` runs a reducer of a part of the state inside a reducer
/// of the whole.
public struct Reducer<State, Action>: Sendable {
  @usableFromInline
  let body: @Sendable (inout State, Action) -> Void

  /// Creates a reducer from a function that changes the state in place.
  public init(_ body: @escaping @Sendable (inout State, Action) -> Void) {
    self.body = body
  }

  /// Applies `action` to `state`.
  @inlinable
  public func reduce(_ state: inout State, _ action: Action) {
    body(&state, action)
  }
}
