import FlowTesting
import TallyState
import Testing

@Suite struct DisplayReducerTests {
  func makeStore() -> TestStore<AppState, TallyAction> {
    TestStore(state: AppState(), reducer: AppState.reducer)
  }

  @Test func readingListsStartAutoWithThePagerOn() {
    #expect(AppState().display == DisplaySettings(layout: .auto, pager: true))
  }

  @Test func viewSetsTheLayoutOfReadingLists() {
    let store = makeStore()
    store.send(.display(.setLayout(.records))) { $0.display.layout = .records }
    store.send(.display(.setLayout(.table))) { $0.display.layout = .table }
    store.finish()
  }

  @Test func pagerTurnsThePagerOffAndOn() {
    let store = makeStore()
    store.send(.display(.setPager(false))) { $0.display.pager = false }
    store.send(.display(.setPager(true))) { $0.display.pager = true }
    store.finish()
  }

  @Test func displayChangesLeaveTheRouteAndMessagesAlone() {
    var state = AppState(status: "Created project Mileage")
    AppState.reducer.reduce(&state, .display(.setLayout(.records)))
    #expect(state.navigation.route == [.home])
    #expect(state.status == "Created project Mileage")
  }
}
