import Flow
import Foundation
import Testing

@Suite struct StoreTests {
  @Test func startsWithTheInitialState() {
    let store = makeCounterStore(CounterState(count: 7, label: "x"))
    #expect(store.state == CounterState(count: 7, label: "x"))
  }

  @Test func dispatchAppliesTheReducer() {
    let store = makeCounterStore()
    store.dispatch(.increment)
    store.dispatch(.add(10))
    store.dispatch(.setLabel("km"))
    #expect(store.state == CounterState(count: 11, label: "km"))
  }

  @Test func dispatchesFromManyThreadsAreAllApplied() {
    let store = makeCounterStore()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 {
        store.dispatch(.increment)
      }
    }
    #expect(store.state.count == 80_000)
  }

  @Test func dispatchFromAnotherThreadHasBeenAppliedWhenItReturns() {
    let store = makeCounterStore()
    let done = DispatchSemaphore(value: 0)
    let seen = EventLog()
    Thread.detachNewThread {
      store.dispatch(.add(5))
      seen.append("\(store.state.count)")
      done.signal()
    }
    done.wait()
    #expect(seen.events == ["5"])
  }

  @Test func dispatchFromASubscriberIsQueuedAndAppliedAfterTheCurrentAction() {
    let store = makeCounterStore()
    let log = EventLog()
    let first = Recorder<CounterState>()
    let second = Recorder<CounterState>()
    first.onNewState = { state in
      log.append("first sees \(state.count)")
      if state.count == 1 {
        store.dispatch(.add(10))
        // Queued, not applied re-entrantly: the state is still the one being delivered.
        log.append("first after dispatch sees \(store.state.count)")
      }
    }
    second.onNewState = { log.append("second sees \($0.count)") }
    store.subscribe(first)
    store.subscribe(second)

    store.dispatch(.increment)

    #expect(store.state.count == 11)
    #expect(
      log.events == [
        "first sees 0", "second sees 0",
        "first sees 1", "first after dispatch sees 1", "second sees 1",
        "first sees 11", "second sees 11",
      ])
  }

  @Test func queuedActionsKeepTheOrderTheyWereDispatchedIn() {
    let store = makeCounterStore()
    let recorder = Recorder<CounterState>()
    recorder.onNewState = { state in
      if state == CounterState(count: 1) {
        store.dispatch(.setLabel("a"))
        store.dispatch(.add(100))
        store.dispatch(.setLabel("b"))
      }
    }
    store.subscribe(recorder)
    store.dispatch(.increment)
    #expect(
      recorder.received == [
        CounterState(count: 0, label: ""),
        CounterState(count: 1, label: ""),
        CounterState(count: 1, label: "a"),
        CounterState(count: 101, label: "a"),
        CounterState(count: 101, label: "b"),
      ])
  }

  @Test func stateIsReadableFromASubscriberWhileProcessing() {
    let store = makeCounterStore()
    let recorder = Recorder<CounterState>()
    var readBack: [Int] = []
    recorder.onNewState = { _ in readBack.append(store.state.count) }
    store.subscribe(recorder)
    store.dispatch(.add(3))
    #expect(readBack == [0, 3])
  }
}
