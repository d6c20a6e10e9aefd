import Flow
import FlowTesting
import Testing

@Suite struct TestStoreTests {
  let labeller = MiddlewareFunction<CounterState, CounterAction> { action, context, next in
    next(action)
    if action == .increment {
      context.dispatch(.setLabel("count \(context.state.count)"))
    }
  }

  @Test func passesWhenEveryChangeIsAsserted() {
    let store = TestStore(state: CounterState(), reducer: counterReducer, middleware: [labeller])
    store.send(.increment) { $0.count = 1 }
    store.receive(.setLabel("count 1")) { $0.label = "count 1" }
    store.send(.add(0))
    store.finish()
  }

  @Test func failsWhenTheStateDiffersFromTheExpectedOne() {
    let store = TestStore(state: CounterState(), reducer: counterReducer)
    withKnownIssue {
      store.send(.add(2)) { $0.count = 3 }
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("- ") && text.contains("count: 3") && text.contains("count: 2")
    }
  }

  @Test func failsWhenAnUnexpectedChangeIsNotStated() {
    let store = TestStore(state: CounterState(), reducer: counterReducer)
    withKnownIssue {
      store.send(.setLabel("x"))
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("State after sending") && text.contains("label")
    }
  }

  @Test func failsWhenReceivedActionsAreLeftUnasserted() {
    let store = TestStore(state: CounterState(), reducer: counterReducer, middleware: [labeller])
    store.send(.increment) { $0.count = 1 }
    withKnownIssue {
      store.finish()
    } matching: { issue in
      String(describing: issue).contains("setLabel")
    }
  }

  @Test func failsWhenSendingBeforeReceiving() {
    let store = TestStore(state: CounterState(), reducer: counterReducer, middleware: [labeller])
    store.send(.increment) { $0.count = 1 }
    withKnownIssue {
      store.send(.add(1)) { $0.count = 2 }
    } matching: { issue in
      String(describing: issue).contains("received action(s) not asserted before sending")
    }
  }

  @Test func failsWhenAnExpectedActionNeverCame() {
    let store = TestStore(state: CounterState(), reducer: counterReducer)
    withKnownIssue {
      store.receive(.increment) { $0.count = 1 }
    } matching: { issue in
      String(describing: issue).contains("but no action was dispatched")
    }
  }

  @Test func failsWhenADifferentActionCame() {
    let store = TestStore(state: CounterState(), reducer: counterReducer, middleware: [labeller])
    store.send(.increment) { $0.count = 1 }
    withKnownIssue {
      store.receive(.setLabel("other")) { $0.label = "count 1" }
    } matching: { issue in
      String(describing: issue).contains("but received")
    }
  }

  @Test func commandsDispatchActionsThatMustBeReceived() {
    let store = TestStore(state: CounterState(), reducer: counterReducer)
    store.run(
      Command { context in
        context.dispatch(.add(2))
        context.dispatch(.setLabel("two"))
      })
    store.receive(.add(2)) { $0.count = 2 }
    store.receive(.setLabel("two")) { $0.label = "two" }
    store.finish()
  }
}
