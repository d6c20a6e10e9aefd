public import Flow
import Synchronization
public import Testing

/// A store for tests that must account for every change: each action sent states the change
/// it makes to the state, and each action dispatched along the way must be received.
///
/// ```swift
/// let store = TestStore(state: Counter(), reducer: counterReducer, middleware: [doubler])
/// store.send(.increment) { $0.count = 1 }
/// store.receive(.double) { $0.count = 2 }
/// store.finish()
/// ```
///
/// Each check records a Swift Testing issue when it fails: a state that differs from the
/// expected one (with a line-by-line difference), an action received that nobody asserted, or
/// an assertion for an action that never came.
public final class TestStore<State: Sendable & Equatable, Action: Sendable & Equatable>: Sendable {
  /// One action that went through the store, with the state after it.
  private struct Step: Sendable {
    var action: Action
    var state: State
  }

  /// The steps not yet asserted, in the order they happened.
  private final class Recording: Sendable {
    let steps = Mutex<[Step]>([])
  }

  private let store: Store<State, Action>
  private let recording = Recording()
  /// The state the last assertion ended on.
  private let asserted: Mutex<State>

  /// Creates a test store over a real store with the same reducer and middleware.
  public init(
    state: State,
    reducer: Reducer<State, Action>,
    middleware: [any Middleware<State, Action>] = []
  ) {
    let recording = recording
    let recorder = MiddlewareFunction<State, Action> { action, context, next in
      next(action)
      let state = context.state
      recording.steps.withLock { $0.append(Step(action: action, state: state)) }
    }
    self.store = Store(state: state, reducer: reducer, middleware: [recorder] + middleware)
    self.asserted = Mutex(state)
  }

  /// The current state.
  public var state: State { store.state }

  /// The store under test, for code that subscribes to it or dispatches to it directly.
  public var underlyingStore: Store<State, Action> { store }

  /// Sends an action and checks the change it made.
  ///
  /// Fails if actions received earlier were not asserted, or if the state after the action
  /// (and the middleware's handling of it) differs from the state before with `update` applied.
  ///
  /// - Parameters:
  ///   - action: The action to dispatch.
  ///   - update: Changes the previous state into the expected one; `nil` expects no change.
  ///   - sourceLocation: Where a failure is reported.
  public func send(
    _ action: Action,
    _ update: ((inout State) -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectNoPendingActions(before: "sending \(action)", sourceLocation: sourceLocation)
    store.dispatch(action)
    guard let step = takeStep() else {
      Issue.record("\(action) was sent but never reached the store", sourceLocation: sourceLocation)
      return
    }
    expect(step, after: "sending \(action)", update: update, sourceLocation: sourceLocation)
  }

  /// Runs a command; the actions it dispatches must then be received.
  public func run<Result, Failure: Error>(
    _ command: Command<State, Action, Result, Failure>
  ) throws(Failure) -> Result {
    try store.run(command)
  }

  /// Runs an asynchronous command; the actions it dispatches must then be received.
  public func run<Result, Failure: Error>(
    _ command: AsyncCommand<State, Action, Result, Failure>
  ) async throws(Failure) -> Result {
    try await store.run(command)
  }

  /// Checks that the next action dispatched by middleware or a command is `action`, and the
  /// change it made.
  public func receive(
    _ action: Action,
    _ update: ((inout State) -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let step = takeStep() else {
      Issue.record(
        "Expected to receive \(action), but no action was dispatched",
        sourceLocation: sourceLocation)
      return
    }
    if step.action != action {
      Issue.record(
        "Expected to receive \(action), but received \(step.action)",
        sourceLocation: sourceLocation)
    }
    expect(step, after: "receiving \(step.action)", update: update, sourceLocation: sourceLocation)
  }

  /// Checks that every dispatched action has been received.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
    expectNoPendingActions(before: "finishing", sourceLocation: sourceLocation)
  }

  private func takeStep() -> Step? {
    recording.steps.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }

  private func expect(
    _ step: Step,
    after what: String,
    update: ((inout State) -> Void)?,
    sourceLocation: SourceLocation
  ) {
    var expected = asserted.withLock { $0 }
    update?(&expected)
    asserted.withLock { $0 = step.state }
    guard expected != step.state else { return }
    Issue.record(
      """
      State after \(what) differs from the expected one (- expected, + actual):
      \(StateDifference(expected: expected, actual: step.state))
      """,
      sourceLocation: sourceLocation)
  }

  private func expectNoPendingActions(before what: String, sourceLocation: SourceLocation) {
    let pending = recording.steps.withLock { steps in
      defer { steps.removeAll() }
      return steps
    }
    guard let last = pending.last else { return }
    asserted.withLock { $0 = last.state }
    let list = pending.map { "  \($0.action)" }.joined(separator: "\n")
    Issue.record(
      "\(pending.count) received action(s) not asserted before \(what):\n\(list)",
      sourceLocation: sourceLocation)
  }
}
