import Flow
import FlowTesting
import Foundation
import Routing
import Testing

@Suite struct NavigationReducerTests {
  func makeStore(_ route: [Screen] = [.home]) -> TestStore<Navigation, NavigationChange> {
    TestStore(state: Navigation(route: route), reducer: Navigation.reducer)
  }

  @Test func pushPopAndReplaceTheTop() {
    var state = Navigation(route: [.home])
    let reducer = Navigation.reducer
    reducer.reduce(&state, .push(.item(1)))
    #expect(state.route == [.home, .item(1)])
    reducer.reduce(&state, .replaceTop(.item(2)))
    #expect(state.route == [.home, .item(2)])
    #expect(state.top == .item(2))
    reducer.reduce(&state, .pop)
    #expect(state.route == [.home])
  }

  @Test func setRouteReplacesTheWholeRoute() {
    var state = Navigation(route: [.home, .item(1)])
    Navigation.reducer.reduce(&state, .setRoute([.home, .item(3), .detail]))
    #expect(state.route == [.home, .item(3), .detail])
  }

  @Test func popOnAnEmptyRouteDoesNothing() {
    var state = Navigation()
    Navigation.reducer.reduce(&state, .pop)
    #expect(state == Navigation())
    Navigation.reducer.reduce(&state, .replaceTop(.home))
    #expect(state.route == [.home])
  }

  @Test func dataBelongsToASegmentAndGoesWhenItIsPopped() {
    var state = Navigation(route: [.home, .item(1)])
    let reducer = Navigation.reducer
    reducer.reduce(&state, .setData(.scroll(3), for: [.home]))
    reducer.reduce(&state, .setData(.draft("42"), for: [.home, .item(1)]))
    #expect(state.topData == .draft("42"))
    #expect(state.data(for: [.home]) == .scroll(3))

    reducer.reduce(&state, .pop)
    #expect(state.topData == .scroll(3))
    reducer.reduce(&state, .push(.item(1)))
    #expect(state.topData == nil)
  }

  @Test func dataOfAChangedSegmentGoesButItsParentsStays() {
    var state = Navigation(route: [.home, .item(1)])
    let reducer = Navigation.reducer
    reducer.reduce(&state, .setData(.scroll(1), for: [.home]))
    reducer.reduce(&state, .setData(.draft("x"), for: [.home, .item(1)]))
    reducer.reduce(&state, .setRoute([.home, .item(2)]))
    #expect(state.data(for: [.home]) == .scroll(1))
    #expect(state.data(for: [.home, .item(1)]) == nil)
  }

  @Test func dataForASegmentNotOnTheRouteIsIgnored() {
    let store = makeStore([.home])
    store.send(.setData(.draft("lost"), for: [.home, .detail]))
    store.send(.setData(.draft("lost"), for: [.item(1)]))
    #expect(store.state == Navigation(route: [.home]))
    store.send(.setData(.scroll(2), for: [.home])) {
      Navigation.reducer.reduce(&$0, .setData(.scroll(2), for: [.home]))
    }
    #expect(store.state.topData == .scroll(2))
    store.send(.setData(nil, for: [.home])) { $0 = Navigation(route: [.home]) }
    store.finish()
  }

  @Test func roundTripsThroughCodable() throws {
    var state = Navigation(route: [.home, .item(7)])
    Navigation.reducer.reduce(&state, .setData(.draft("note"), for: [.home, .item(7)]))
    let data = try JSONEncoder().encode(state)
    #expect(try JSONDecoder().decode(Navigation.self, from: data) == state)
  }

  @Test func equalStatesCompareEqualAndDifferentOnesDoNot() {
    let store = makeStore()
    store.send(.push(.detail)) { $0 = Navigation(route: [.home, .detail]) }
    store.send(.pop) { $0 = Navigation(route: [.home]) }
    store.finish()
  }
}
