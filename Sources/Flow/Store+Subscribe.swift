extension Store {
  /// Subscribes an object to a selected part of the state, skipping repeats as `skipRepeats`
  /// decides.
  ///
  /// The subscriber receives the current selection at once, then each new selection for which
  /// `skipRepeats(previous, new)` is `false`. Subscribing an object that already subscribes
  /// replaces its subscription.
  ///
  /// - Parameters:
  ///   - subscriber: Receives the selections; held weakly.
  ///   - select: Picks the part of the state the subscriber renders.
  ///   - skipRepeats: Returns `true` when the new selection should not be delivered.
  @inlinable
  public func subscribe<Subscriber: StoreSubscriber>(
    _ subscriber: Subscriber,
    select: @escaping (State) -> Subscriber.SelectedState,
    skipRepeats: ((Subscriber.SelectedState, Subscriber.SelectedState) -> Bool)?
  ) {
    exclusively {
      unsubscribe(subscriber)
      _ = add { id in
        Subscription(
          id: id,
          owner: subscriber,
          delivery: Subscription.selecting(select, skipRepeats: skipRepeats) { selected, owner in
            unsafeDowncast(owner, to: Subscriber.self).newState(selected)
          }
        )
      }
    }
  }

  /// Subscribes an object to a selected part of the state, delivering every new state.
  @inlinable
  public func subscribe<Subscriber: StoreSubscriber>(
    _ subscriber: Subscriber,
    select: @escaping (State) -> Subscriber.SelectedState
  ) {
    subscribe(subscriber, select: select, skipRepeats: nil)
  }

  /// Subscribes an object to an `Equatable` selection of the state; equal repeats are skipped.
  @inlinable
  public func subscribe<Subscriber: StoreSubscriber>(
    _ subscriber: Subscriber,
    select: @escaping (State) -> Subscriber.SelectedState
  ) where Subscriber.SelectedState: Equatable {
    subscribe(subscriber, select: select, skipRepeats: ==)
  }

  /// Subscribes an object to the whole state, delivering every new state.
  @inlinable
  public func subscribe<Subscriber: StoreSubscriber>(
    _ subscriber: Subscriber
  ) where Subscriber.SelectedState == State {
    subscribe(subscriber, select: { $0 }, skipRepeats: nil)
  }

  /// Subscribes an object to the whole `Equatable` state; equal repeats are skipped.
  @inlinable
  public func subscribe<Subscriber: StoreSubscriber>(
    _ subscriber: Subscriber
  ) where Subscriber.SelectedState == State, State: Equatable {
    subscribe(subscriber, select: { $0 }, skipRepeats: ==)
  }

  /// Ends an object's subscription: it receives no further state, not even in the current round
  /// of notifications.
  @inlinable
  public func unsubscribe(_ subscriber: AnyObject) {
    endSubscriptions { $0.isOwned(by: subscriber) }
  }

  /// How many subscriptions are active: objects and state sequences.
  public var subscriptionCount: Int {
    exclusively { activeSubscriptionCount }
  }
}
