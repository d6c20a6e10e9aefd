/// Work that reads the state and dispatches actions, run to completion while holding the store.
///
/// Commands hold conditional logic, imports, anything that must look before it acts. The
/// asynchronous kind is ``AsyncCommand``.
///
/// A command runs on the calling thread while it holds the store, so what it reads and what it
/// dispatches form one step that other threads cannot interleave with. Its dispatches are
/// applied at once, in order; a command run while the store is processing an action (from a
/// subscriber, say) sees its dispatches queued until that action is done.
public struct Command<State: Sendable, Action: Sendable, Result, Failure: Error>: Sendable {
  private let body: @Sendable (StoreContext<State, Action>) throws(Failure) -> Result

  /// Creates a command from the work it does.
  public init(_ body: @escaping @Sendable (StoreContext<State, Action>) throws(Failure) -> Result) {
    self.body = body
  }

  func run(in context: StoreContext<State, Action>) throws(Failure) -> Result {
    try body(context)
  }
}

/// Asynchronous work that reads the state and dispatches actions as it goes.
///
/// Unlike a ``Command`` it does not hold the store while it runs: other threads may dispatch
/// between its steps, so it should read ``StoreContext/state`` again after each `await`.
public struct AsyncCommand<State: Sendable, Action: Sendable, Result, Failure: Error>: Sendable {
  private let body: @Sendable (StoreContext<State, Action>) async throws(Failure) -> Result

  /// Creates a command from the work it does.
  public init(
    _ body: @escaping @Sendable (StoreContext<State, Action>) async throws(Failure) -> Result
  ) {
    self.body = body
  }

  func run(in context: StoreContext<State, Action>) async throws(Failure) -> Result {
    try await body(context)
  }
}

extension Store {
  /// Runs a command and returns its result.
  public func run<Result, Failure: Error>(
    _ command: Command<State, Action, Result, Failure>
  ) throws(Failure) -> Result {
    try exclusively { () throws(Failure) -> Result in
      try command.run(in: StoreContext(store: self))
    }
  }

  /// Runs an asynchronous command and returns its result.
  public func run<Result, Failure: Error>(
    _ command: AsyncCommand<State, Action, Result, Failure>
  ) async throws(Failure) -> Result {
    try await command.run(in: StoreContext(store: self))
  }
}
