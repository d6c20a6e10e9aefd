/// An object that receives the store's state, or the part of it it selected.
///
/// A subscriber receives the current state as soon as it subscribes, then every new state, in
/// subscription order, on the thread that dispatched the action. The store holds subscribers
/// weakly: a subscriber that is deallocated stops receiving states and is dropped.
public protocol StoreSubscriber<SelectedState>: AnyObject {
  /// The part of the state this subscriber renders.
  associatedtype SelectedState

  /// Receives a new state.
  func newState(_ state: SelectedState)
}
