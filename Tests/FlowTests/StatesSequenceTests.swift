import Flow
import Testing

@Suite struct StatesSequenceTests {
  @Test func yieldsTheCurrentStateThenEveryNewOne() async {
    let store = makeCounterStore(CounterState(count: 1))
    let states = store.states()
    store.dispatch(.increment)
    store.dispatch(.setLabel("x"))
    var received: [CounterState] = []
    for await state in states {
      received.append(state)
      if received.count == 3 { break }
    }
    #expect(
      received == [
        CounterState(count: 1), CounterState(count: 2), CounterState(count: 2, label: "x"),
      ])
  }

  @Test func anEquatableSelectionSkipsRepeats() async {
    let store = makeCounterStore()
    let counts = store.states(select: { $0.count })
    store.dispatch(.setLabel("a"))
    store.dispatch(.increment)
    store.dispatch(.setLabel("b"))
    store.dispatch(.add(2))
    var received: [Int] = []
    for await count in counts {
      received.append(count)
      if count == 3 { break }
    }
    #expect(received == [0, 1, 3])
  }

  @Test func receivesActionsDispatchedFromAnotherTask() async {
    let store = makeCounterStore()
    let counts = store.states(select: { $0.count })
    let producer = Task.detached {
      for _ in 0..<100 {
        store.dispatch(.increment)
      }
    }
    var last = -1
    for await count in counts {
      #expect(count > last)
      last = count
      if count == 100 { break }
    }
    await producer.value
    #expect(last == 100)
  }

  @Test func stoppingIterationEndsTheSubscription() async {
    let store = makeCounterStore()
    do {
      let stream = store.states(select: { $0.count })
      #expect(store.subscriptionCount == 1)
      for await _ in stream { break }
    }
    #expect(store.subscriptionCount == 0)
    store.dispatch(.increment)
    #expect(store.state.count == 1)
  }
}
