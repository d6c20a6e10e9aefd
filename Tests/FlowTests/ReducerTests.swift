import Flow
import Testing

@Suite struct ReducerTests {
  struct AppState: Equatable, Sendable {
    var counter = CounterState()
    var other = 0
    var optional: CounterState?
  }

  enum AppAction: Equatable, Sendable {
    case counter(CounterAction)
    case bumpOther
  }

  @Test func combineRunsReducersInOrder() {
    let double = Reducer<CounterState, CounterAction> { state, _ in state.count *= 2 }
    var state = CounterState(count: 1)
    Reducer.combine(counterReducer, double).reduce(&state, .increment)
    #expect(state.count == 4)
    state = CounterState(count: 1)
    Reducer.combine(double, counterReducer).reduce(&state, .increment)
    #expect(state.count == 3)
  }

  @Test func liftedReducerChangesOnlyItsPart() {
    let reducer = counterReducer.lifted(to: \ReducerTests.AppState.counter)
    var state = AppState(other: 9)
    reducer.reduce(&state, .add(2))
    #expect(state == AppState(counter: CounterState(count: 2), other: 9))
  }

  @Test func liftedToAnOptionalPartRunsOnlyWhileItExists() {
    let reducer = counterReducer.lifted(to: \ReducerTests.AppState.optional)
    var state = AppState()
    reducer.reduce(&state, .increment)
    #expect(state.optional == nil)
    state.optional = CounterState(count: 1)
    reducer.reduce(&state, .increment)
    #expect(state.optional == CounterState(count: 2))
  }

  @Test func liftedWithAnActionExtractorSeesOnlyItsActions() {
    let app = Reducer<AppState, AppAction>.combine(
      counterReducer.lifted(to: \AppState.counter) { action in
        if case .counter(let counterAction) = action { counterAction } else { nil }
      },
      Reducer { state, action in
        if action == .bumpOther { state.other += 1 }
      }
    )
    let store = Store(state: AppState(), reducer: app)
    store.dispatch(.counter(.add(5)))
    store.dispatch(.bumpOther)
    #expect(store.state == AppState(counter: CounterState(count: 5), other: 1))
  }
}
