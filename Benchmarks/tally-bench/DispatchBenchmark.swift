import ArgumentParser
import Flow
import Foundation

/// `tally-bench dispatch`: how many actions a second a store applies with N subscribers.
struct DispatchBenchmark: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dispatch",
    abstract: "Dispatch actions to a counter store with N subscribers and report actions/s."
  )

  @Option(help: "How many subscribers.")
  var subscribers: Int = 0

  @Flag(help: "Subscribers select the count and skip repeats instead of taking the whole state.")
  var select = false

  @Option(help: "How many actions to dispatch.")
  var actions: Int = 1_000_000

  func validate() throws {
    guard subscribers >= 0 else { throw ValidationError("--subscribers must be 0 or more") }
    guard actions > 0 else { throw ValidationError("--actions must be more than 0") }
  }

  func run() throws {
    let store = Store(state: Counter(), reducer: Counter.reducer)
    let wholeState = (0..<(select ? 0 : subscribers)).map { _ in StateCounter() }
    let selecting = (0..<(select ? subscribers : 0)).map { _ in CountSelector() }
    for subscriber in wholeState { store.subscribe(subscriber) }
    for subscriber in selecting { store.subscribe(subscriber, select: \.count) }

    let start = ContinuousClock.now
    for _ in 0..<actions {
      store.dispatch(.increment)
    }
    let elapsed = ContinuousClock.now - start

    let received =
      wholeState.reduce(0) { $0 + $1.received } + selecting.reduce(0) { $0 + $1.received }
    let expected = subscribers * (actions + 1)
    guard store.state.count == actions, received == expected else {
      throw ValidationError(
        "lost work: count \(store.state.count) of \(actions), deliveries \(received) of \(expected)"
      )
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let rate = Int((Double(actions) / seconds).rounded())
    print(
      "dispatch subscribers=\(subscribers) select=\(select) actions=\(actions)"
        + " seconds=\(String(format: "%.3f", seconds)) actions_per_s=\(rate)")
  }
}

/// The benchmark's state: one counter.
private struct Counter: Equatable, Sendable {
  var count = 0

  static let reducer = Reducer<Counter, CounterAction> { state, action in
    switch action {
    case .increment: state.count += 1
    }
  }
}

private enum CounterAction: Sendable {
  case increment
}

/// A subscriber to the whole state.
private final class StateCounter: StoreSubscriber {
  var received = 0
  func newState(_ state: Counter) { received += 1 }
}

/// A subscriber to the count alone.
private final class CountSelector: StoreSubscriber {
  var received = 0
  func newState(_ state: Int) { received += 1 }
}
