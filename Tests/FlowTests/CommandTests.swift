import Flow
import Testing

@Suite struct CommandTests {
  struct OutOfRange: Error, Equatable {
    let count: Int
  }

  /// Adds `amount` unless the count would pass `limit`; returns the new count.
  func addAtMost(_ amount: Int, limit: Int) -> Command<CounterState, CounterAction, Int, OutOfRange>
  {
    Command { context throws(OutOfRange) in
      guard context.state.count + amount <= limit else {
        throw OutOfRange(count: context.state.count)
      }
      context.dispatch(.add(amount))
      return context.state.count
    }
  }

  @Test func aCommandReadsTheStateDispatchesAndReturns() throws {
    let store = makeCounterStore()
    let after = try store.run(addAtMost(3, limit: 5))
    #expect(after == 3)
    #expect(store.state.count == 3)
  }

  @Test func aCommandThrowsItsOwnErrorAndChangesNothing() {
    let store = makeCounterStore(CounterState(count: 4))
    #expect(throws: OutOfRange(count: 4)) {
      try store.run(addAtMost(3, limit: 5))
    }
    #expect(store.state.count == 4)
  }

  @Test func commandsFromManyThreadsCheckAndActAtomically() {
    let store = makeCounterStore()
    // Each command adds one only while the count is below 1,000: with check and act
    // interleaved the count could overshoot.
    let bounded = Command<CounterState, CounterAction, Void, Never> { context in
      if context.state.count < 1_000 {
        context.dispatch(.increment)
      }
    }
    DispatchQueueHelper.run(threads: 8, times: 500) { store.run(bounded) }
    #expect(store.state.count == 1_000)
  }

  @Test func aCommandRunFromASubscriberHasItsDispatchesQueued() {
    let store = makeCounterStore()
    let recorder = Recorder<Int>()
    let seenInside = EventLog()
    recorder.onNewState = { count in
      guard count == 1 else { return }
      store.run(
        Command { context in
          context.dispatch(.add(10))
          seenInside.append("\(context.state.count)")
        })
    }
    store.subscribe(recorder, select: \.count)
    store.dispatch(.increment)
    #expect(seenInside.events == ["1"])
    #expect(recorder.received == [0, 1, 11])
  }

  @Test func anAsyncCommandDispatchesAsItGoes() async {
    let store = makeCounterStore()
    let command = AsyncCommand<CounterState, CounterAction, [Int], Never> { context in
      var seen: [Int] = []
      for amount in [1, 2, 3] {
        await Task.yield()
        context.dispatch(.add(amount))
        seen.append(context.state.count)
      }
      return seen
    }
    let seen = await store.run(command)
    #expect(seen == [1, 3, 6])
  }
}
