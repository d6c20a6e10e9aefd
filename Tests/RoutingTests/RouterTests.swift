import Flow
import Routing
import Testing

@Suite struct RouterTests {
  struct AppState: Equatable, Sendable {
    var navigation = Navigation(route: [.home])
    var count = 0
  }

  enum AppAction: Equatable, Sendable {
    case navigate(NavigationChange)
    case increment
  }

  let reducer = Reducer<AppState, AppAction>.combine(
    Navigation.reducer.lifted(to: \AppState.navigation) { action in
      if case .navigate(let change) = action { change } else { nil }
    },
    Reducer { state, action in
      if action == .increment { state.count += 1 }
    }
  )

  func makeRouter(
    _ store: Store<AppState, AppAction>, log: CallLog, errors: ErrorLog
  ) -> Router<AppState, AppAction, Screen> {
    Router(
      store: store, root: FakeScreen("root", log: log), route: \.navigation.route,
      onError: { errors.errors.append($0.description) })
  }

  @Test func showsTheCurrentRouteAtOnce() {
    let store = Store(state: AppState(), reducer: reducer)
    let log = CallLog()
    let router = makeRouter(store, log: log, errors: ErrorLog())
    #expect(log.calls == ["root push home"])
    #expect(router.shownRoute == [.home])
  }

  /// The routable that pushed a segment is the one that pops or changes it.
  @Test func followsRouteChangesWithTheFewestCalls() {
    let store = Store(state: AppState(), reducer: reducer)
    let log = CallLog()
    let router = makeRouter(store, log: log, errors: ErrorLog())
    store.dispatch(.navigate(.push(.item(1))))
    store.dispatch(.navigate(.push(.detail)))
    store.dispatch(.navigate(.setRoute([.home, .item(2)])))
    store.dispatch(.navigate(.pop))
    #expect(
      log.calls == [
        "root push home",
        "home push item1",
        "item1 push detail",
        "item1 pop detail",
        "home change item1 -> item2",
        "home pop item2",
      ])
    #expect(router.shownRoute == [.home])
  }

  @Test func otherChangesOfTheStateDoNotRoute() {
    let store = Store(state: AppState(), reducer: reducer)
    let log = CallLog()
    let router = makeRouter(store, log: log, errors: ErrorLog())
    store.dispatch(.increment)
    store.dispatch(.navigate(.setData(.scroll(1), for: [.home])))
    #expect(log.calls == ["root push home"])
    #expect(router.shownRoute == [.home])
  }

  @Test func aSegmentNoScreenTakesIsReportedNotCrashed() {
    let store = Store(state: AppState(), reducer: reducer)
    let log = CallLog()
    let errors = ErrorLog()
    let router = makeRouter(store, log: log, errors: errors)
    store.dispatch(.navigate(.setRoute([.home, .broken, .detail])))
    #expect(router.shownRoute == [.home])
    #expect(errors.errors.count == 1)
    #expect(errors.errors.first?.contains("push(depth: 1, segment: broken)") == true)

    // The next change starts from what is shown.
    store.dispatch(.navigate(.setRoute([.home, .item(5)])))
    #expect(router.shownRoute == [.home, .item(5)])
    #expect(log.calls.last == "home push item5")
  }

  @Test func aRouterThatIsReleasedStopsRouting() {
    let store = Store(state: AppState(), reducer: reducer)
    let log = CallLog()
    do {
      let router = makeRouter(store, log: log, errors: ErrorLog())
      #expect(router.shownRoute == [.home])
    }
    store.dispatch(.navigate(.push(.detail)))
    #expect(log.calls == ["root push home"])
    #expect(store.subscriptionCount == 0)
  }
}

final class ErrorLog {
  var errors: [String] = []
}
