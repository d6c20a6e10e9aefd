public import Flow
import Routing

extension AppState {
  /// The root reducer: navigation, stored data and messages, each by its own reducer.
  public static let reducer = Reducer<AppState, TallyAction>.combine(
    NavigationState<Route, RouteData>.reducer.lifted(to: \AppState.navigation) { action in
      if case .navigate(let navigation) = action { navigation } else { nil }
    },
    Snapshot.reducer.lifted(to: \AppState.stored),
    messagesReducer
  )

  /// Sets the error and status message from the outcome of each request.
  static let messagesReducer = Reducer<AppState, TallyAction> { state, action in
    switch action {
    case .committed(let commit):
      state.status = commit.message
      state.lastError = nil
    case .failed(let error):
      state.lastError = error
      state.status = nil
    case .clearMessages:
      state.lastError = nil
      state.status = nil
    case .navigate, .request, .loaded:
      break
    }
  }
}

extension Snapshot {
  /// Takes the stored data of each load and commit.
  static let reducer = Reducer<Snapshot, TallyAction> { snapshot, action in
    switch action {
    case .loaded(let loaded): snapshot = loaded
    case .committed(let commit): snapshot = commit.snapshot
    case .navigate, .request, .failed, .clearMessages: break
    }
  }
}
