import Flow
import Testing

@Suite struct SubscriptionTests {
  @Test func aNewSubscriberReceivesTheCurrentStateAtOnce() {
    let store = makeCounterStore(CounterState(count: 4))
    let recorder = Recorder<CounterState>()
    store.subscribe(recorder)
    #expect(recorder.received == [CounterState(count: 4)])
  }

  @Test func aSubscriberReceivesEveryNewState() {
    let store = makeCounterStore()
    let recorder = Recorder<CounterState>()
    store.subscribe(recorder)
    store.dispatch(.increment)
    store.dispatch(.add(2))
    #expect(recorder.received.map(\.count) == [0, 1, 3])
  }

  @Test func equalStatesAreSkippedForAnEquatableState() {
    let store = makeCounterStore()
    let recorder = Recorder<CounterState>()
    store.subscribe(recorder)
    store.dispatch(.add(0))
    store.dispatch(.setLabel(""))
    store.dispatch(.increment)
    #expect(recorder.received.map(\.count) == [0, 1])
  }

  @Test func anEquatableSelectionSkipsRepeats() {
    let store = makeCounterStore()
    let recorder = Recorder<Int>()
    store.subscribe(recorder, select: \.count)
    store.dispatch(.setLabel("a"))
    store.dispatch(.increment)
    store.dispatch(.setLabel("b"))
    store.dispatch(.increment)
    #expect(recorder.received == [0, 1, 2])
  }

  @Test func aCustomPredicateDecidesWhatIsARepeat() {
    let store = makeCounterStore()
    let recorder = Recorder<Int>()
    // Only deliver when the count crosses a multiple of ten.
    store.subscribe(recorder, select: \.count, skipRepeats: { $0 / 10 == $1 / 10 })
    for _ in 0..<25 {
      store.dispatch(.increment)
    }
    #expect(recorder.received == [0, 10, 20])
  }

  @Test func aNilPredicateDeliversEveryState() {
    let store = makeCounterStore()
    let recorder = Recorder<Int>()
    store.subscribe(recorder, select: \.count, skipRepeats: nil)
    store.dispatch(.setLabel("a"))
    store.dispatch(.setLabel("b"))
    #expect(recorder.received == [0, 0, 0])
  }

  @Test func subscribersAreNotifiedInSubscriptionOrder() {
    let store = makeCounterStore()
    let log = EventLog()
    let recorders = (0..<100).map { index in
      let recorder = Recorder<Int>()
      recorder.onNewState = { log.append("\(index):\($0)") }
      return recorder
    }
    for recorder in recorders {
      store.subscribe(recorder, select: \.count)
    }
    store.dispatch(.increment)
    let round = log.events.filter { $0.hasSuffix(":1") }
    #expect(round == (0..<100).map { "\($0):1" })
  }

  @Test func unsubscribeStopsDelivery() {
    let store = makeCounterStore()
    let recorder = Recorder<Int>()
    store.subscribe(recorder, select: \.count)
    store.dispatch(.increment)
    store.unsubscribe(recorder)
    store.dispatch(.increment)
    #expect(recorder.received == [0, 1])
  }

  @Test func aSubscriberUnsubscribedDuringARoundGetsNothingMoreInThatRound() {
    let store = makeCounterStore()
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    first.onNewState = { count in
      if count == 1 { store.unsubscribe(second) }
    }
    store.subscribe(first, select: \.count)
    store.subscribe(second, select: \.count)
    store.dispatch(.increment)
    #expect(first.received == [0, 1])
    #expect(second.received == [0])
  }

  @Test func subscribingAgainReplacesTheSubscription() {
    let store = makeCounterStore()
    let recorder = Recorder<Int>()
    store.subscribe(recorder, select: \.count)
    store.subscribe(recorder, select: { $0.count * 100 })
    store.dispatch(.increment)
    #expect(recorder.received == [0, 0, 100])
  }

  @Test func deallocatedSubscribersAreDroppedAndNotKeptAlive() {
    let store = makeCounterStore()
    weak var gone: Recorder<Int>?
    do {
      let recorder = Recorder<Int>()
      gone = recorder
      store.subscribe(recorder, select: \.count)
      store.dispatch(.increment)
      #expect(recorder.received == [0, 1])
    }
    #expect(gone == nil)
    #expect(store.subscriptionCount == 0)
    let survivor = Recorder<Int>()
    store.subscribe(survivor, select: \.count)
    store.dispatch(.increment)
    #expect(survivor.received == [1, 2])
  }

  @Test func aSubscriberAddedDuringARoundReceivesTheCurrentStateOnce() {
    let store = makeCounterStore()
    let late = Recorder<Int>()
    let first = Recorder<Int>()
    first.onNewState = { count in
      if count == 1 { store.subscribe(late, select: \.count) }
    }
    store.subscribe(first, select: \.count)
    store.dispatch(.increment)
    store.dispatch(.increment)
    #expect(late.received == [1, 2])
  }
}
