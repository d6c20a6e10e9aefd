import Flow
import Foundation

/// The state of most store tests: a counter and a log of what happened, in order.
struct CounterState: Equatable, Sendable {
  var count = 0
  var label = ""
}

enum CounterAction: Equatable, Sendable {
  case increment
  case add(Int)
  case setLabel(String)
  case restore(CounterState)
  case undo
  case redo
}

let counterReducer = Reducer<CounterState, CounterAction> { state, action in
  switch action {
  case .increment: state.count += 1
  case .add(let amount): state.count += amount
  case .setLabel(let label): state.label = label
  case .restore(let saved): state = saved
  case .undo, .redo: break
  }
}

func makeCounterStore(
  _ state: CounterState = CounterState(),
  middleware: [any Middleware<CounterState, CounterAction>] = []
) -> Store<CounterState, CounterAction> {
  Store(state: state, reducer: counterReducer, middleware: middleware)
}

/// A thread-safe list of events, for checking the order in which things happen.
final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []

  func append(_ event: String) {
    lock.withLock { storage.append(event) }
  }

  var events: [String] { lock.withLock { storage } }
}

/// A subscriber that keeps everything it receives.
final class Recorder<Value>: StoreSubscriber {
  private(set) var received: [Value] = []
  var onNewState: ((Value) -> Void)?

  func newState(_ state: Value) {
    received.append(state)
    onNewState?(state)
  }
}

/// A middleware that logs before and after passing the action on.
struct TracingMiddleware: Middleware {
  let name: String
  let log: EventLog

  func handle(
    _ action: CounterAction, context: StoreContext<CounterState, CounterAction>,
    next: (CounterAction) -> Void
  ) {
    log.append("\(name) before \(action) count=\(context.state.count)")
    next(action)
    log.append("\(name) after \(action) count=\(context.state.count)")
  }
}
