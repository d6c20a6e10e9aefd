public import Flow
import Routing
import TallyCore

extension AppState {
  /// The root reducer: navigation, stored data and messages, each by its own reducer.
  public static let reducer = Reducer<AppState, TallyAction>.combine(
    NavigationState<Route, RouteData>.reducer.lifted(to: \AppState.navigation) { action in
      if case .navigate(let navigation) = action { navigation } else { nil }
    },
    Snapshot.reducer.lifted(to: \AppState.stored),
    messagesReducer,
    routeRepairReducer,
    Reducer { state, action in
      if case .reportLoaded(let report) = action { state.report = report }
    },
    displayReducer
  )

  /// Applies display changes: the layout of reading lists and the pager.
  static let displayReducer = Reducer<AppState, TallyAction> { state, action in
    if case .display(let change) = action { state.display.apply(change) }
  }

  /// Keeps the route on screens that exist: when stored data arrives without a project the
  /// route shows (deleted here, by undo, or by another process), the route ends before it.
  static let routeRepairReducer = Reducer<AppState, TallyAction> { state, action in
    switch action {
    case .loaded, .committed:
      let route = state.navigation.route
      let projects = Set(state.stored.projects.map(\.id))
      guard
        let gone = route.firstIndex(where: { segment in
          if case .project(let id) = segment { !projects.contains(id) } else { false }
        })
      else { return }
      NavigationState<Route, RouteData>.reducer.reduce(
        &state.navigation, .setRoute(Array(route.prefix(gone))))
    case .navigate, .request, .failed, .clearMessages, .reportLoaded, .display:
      break
    }
  }

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
    case .navigate, .request, .loaded, .reportLoaded, .display:
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
    case .navigate, .request, .failed, .clearMessages, .reportLoaded, .display: break
    }
  }
}
