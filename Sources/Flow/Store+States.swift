extension Store {
  /// The state as an asynchronous sequence: the current selection first, then every new one
  /// that `skipRepeats` lets through.
  ///
  /// The subscription ends when the sequence's consumer stops iterating or is cancelled.
  ///
  /// - Parameters:
  ///   - select: Picks the part of the state to deliver.
  ///   - skipRepeats: Returns `true` when a new selection should not be delivered; `nil`
  ///     delivers every state.
  ///   - bufferingPolicy: What to keep while the consumer is slower than the store.
  /// - Returns: A sequence that ends when its consumer stops.
  public func states<Selected: Sendable>(
    select: @escaping @Sendable (State) -> Selected,
    skipRepeats: (@Sendable (Selected, Selected) -> Bool)?,
    bufferingPolicy: AsyncStream<Selected>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Selected> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Selected.self, bufferingPolicy: bufferingPolicy)
    let id = add { id in
      Subscription(
        id: id,
        owner: nil,
        delivery: Subscription.selecting(select, skipRepeats: skipRepeats) { selected, _ in
          continuation.yield(selected)
        }
      )
    }
    continuation.onTermination = { [weak self] _ in
      self?.endSubscriptions { $0.id == id }
    }
    return stream
  }

  /// An `Equatable` selection of the state as an asynchronous sequence; equal repeats are
  /// skipped.
  public func states<Selected: Sendable & Equatable>(
    select: @escaping @Sendable (State) -> Selected,
    bufferingPolicy: AsyncStream<Selected>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Selected> {
    states(select: select, skipRepeats: { $0 == $1 }, bufferingPolicy: bufferingPolicy)
  }

  /// Every state as an asynchronous sequence, starting with the current one.
  public func states(
    bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<State> {
    states(select: { $0 }, skipRepeats: nil, bufferingPolicy: bufferingPolicy)
  }
}
