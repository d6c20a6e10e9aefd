import Flow
import Testing

@Suite struct HistoryMiddlewareTests {
  func makeHistory(limit: Int = 10) -> HistoryMiddleware<CounterState, CounterAction> {
    HistoryMiddleware(
      limit: limit,
      command: { action in
        switch action {
        case .undo: .undo
        case .redo: .redo
        default: nil
        }
      },
      isRecorded: { action in
        if case .setLabel = action { false } else { true }
      },
      restore: { .restore($0) }
    )
  }

  @Test func undoAndRedoWalkThroughRecordedChanges() {
    let history = makeHistory()
    let store = makeCounterStore(middleware: [history])
    store.dispatch(.increment)
    store.dispatch(.add(10))
    #expect(history.canUndo && !history.canRedo)

    store.dispatch(.undo)
    #expect(store.state.count == 1)
    store.dispatch(.undo)
    #expect(store.state.count == 0)
    #expect(!history.canUndo && history.canRedo)

    store.dispatch(.redo)
    #expect(store.state.count == 1)
    store.dispatch(.redo)
    #expect(store.state.count == 11)
    #expect(!history.canRedo)
  }

  @Test func aNewChangeClearsTheRedoStack() {
    let history = makeHistory()
    let store = makeCounterStore(middleware: [history])
    store.dispatch(.increment)
    store.dispatch(.undo)
    store.dispatch(.add(5))
    #expect(!history.canRedo)
    store.dispatch(.redo)
    #expect(store.state.count == 5)
  }

  @Test func theHistoryIsBounded() {
    let history = makeHistory(limit: 3)
    let store = makeCounterStore(middleware: [history])
    for _ in 0..<5 {
      store.dispatch(.increment)
    }
    for _ in 0..<5 {
      store.dispatch(.undo)
    }
    #expect(store.state.count == 2)
  }

  @Test func unrecordedAndUnchangingActionsAreNotUndone() {
    let history = makeHistory()
    let store = makeCounterStore(middleware: [history])
    store.dispatch(.increment)
    store.dispatch(.add(0))
    store.dispatch(.setLabel("not recorded"))
    #expect(history.canUndo)
    store.dispatch(.undo)
    #expect(store.state == CounterState(count: 0, label: ""))
    #expect(!history.canUndo)
  }

  @Test func withNothingToUndoTheActionReachesTheReducerUnchanged() {
    let log = EventLog()
    let store = makeCounterStore(middleware: [
      makeHistory(), TracingMiddleware(name: "t", log: log),
    ])
    store.dispatch(.undo)
    store.dispatch(.increment)
    store.dispatch(.undo)
    #expect(
      log.events.filter { $0.contains("before") } == [
        "t before undo count=0",
        "t before increment count=0",
        "t before restore(FlowTests.CounterState(count: 0, label: \"\")) count=1",
      ])
  }
}
