import Flow
import Testing

@Suite struct MiddlewareTests {
  @Test func middlewareRunsInOrderAroundTheReducer() {
    let log = EventLog()
    let store = makeCounterStore(middleware: [
      TracingMiddleware(name: "outer", log: log),
      TracingMiddleware(name: "inner", log: log),
    ])
    store.dispatch(.increment)
    #expect(
      log.events == [
        "outer before increment count=0",
        "inner before increment count=0",
        "inner after increment count=1",
        "outer after increment count=1",
      ])
  }

  @Test func aMiddlewareCanStopAnAction() {
    let blockNegative = MiddlewareFunction<CounterState, CounterAction> { action, _, next in
      if case .add(let amount) = action, amount < 0 { return }
      next(action)
    }
    let store = makeCounterStore(middleware: [blockNegative])
    let recorder = Recorder<CounterState>()
    store.subscribe(recorder)
    store.dispatch(.add(-5))
    store.dispatch(.add(2))
    #expect(store.state.count == 2)
    // A stopped action notifies nobody.
    #expect(recorder.received.map(\.count) == [0, 2])
  }

  @Test func aMiddlewareCanReplaceAnAction() {
    let log = EventLog()
    let doubleAdds = MiddlewareFunction<CounterState, CounterAction> { action, _, next in
      if case .add(let amount) = action {
        next(.add(amount * 2))
      } else {
        next(action)
      }
    }
    let store = makeCounterStore(middleware: [
      doubleAdds, TracingMiddleware(name: "later", log: log),
    ])
    store.dispatch(.add(3))
    #expect(store.state.count == 6)
    #expect(log.events.first == "later before add(6) count=0")
  }

  @Test func dispatchReturnsWhatTheReducerReceived() {
    // A request becomes its outcome in the middleware, which also dispatches a follow-up.
    let outcomes = MiddlewareFunction<CounterState, CounterAction> { action, context, next in
      if case .add(let amount) = action, amount < 0 {
        next(.setLabel("refused \(amount)"))
        context.dispatch(.increment)
      } else {
        next(action)
      }
    }
    let store = makeCounterStore(middleware: [outcomes])
    #expect(store.dispatch(.add(-2)) == [.setLabel("refused -2"), .increment])
    #expect(store.dispatch(.add(5)) == [.add(5)])
    // From a command, the same; from a subscriber, a dispatch is queued and returns nothing.
    let seen = store.run(
      Command<CounterState, CounterAction, [CounterAction], Never> { context in
        context.dispatch(.add(-1))
      })
    #expect(seen == [.setLabel("refused -1"), .increment])
    let queued = EventLog()
    let recorder = Recorder<CounterState>()
    recorder.onNewState = { state in
      if state.label == "go" { queued.append("\(store.dispatch(.setLabel("gone")))") }
    }
    store.subscribe(recorder)
    store.dispatch(.setLabel("go"))
    #expect(queued.events == ["[]"])
  }

  @Test func actionsDispatchedByMiddlewareAreAppliedAfterTheCurrentOne() {
    let log = EventLog()
    let labeller = MiddlewareFunction<CounterState, CounterAction> { action, context, next in
      if action == .increment {
        context.dispatch(.setLabel("after \(context.state.count)"))
      }
      next(action)
    }
    let store = makeCounterStore(middleware: [labeller, TracingMiddleware(name: "t", log: log)])
    store.dispatch(.increment)
    #expect(store.state == CounterState(count: 1, label: "after 0"))
    #expect(
      log.events == [
        "t before increment count=0",
        "t after increment count=1",
        "t before setLabel(\"after 0\") count=1",
        "t after setLabel(\"after 0\") count=1",
      ])
  }
}
