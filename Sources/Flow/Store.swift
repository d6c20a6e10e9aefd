import Foundation

/// The one place that holds an app's state and the only way to change it.
///
/// The state is read-only from outside: it changes only when an action is dispatched. Each
/// action passes through the middleware, in the order given, then the reducer; then every
/// subscriber receives the new state, in subscription order.
///
/// ## Threading
/// `dispatch(_:)` may be called from any thread. Actions are applied one at a time: a dispatch
/// from another thread waits until the store is free, then applies its action before it returns.
/// A dispatch made while an action is being processed on the same thread (by a middleware, a
/// subscriber or a command) is queued and applied after the current action, in order; it never
/// runs re-entrantly. No run loop is needed: middleware, reducer and subscribers run on the
/// thread that dispatched. A subscriber must therefore not block waiting for another thread
/// that dispatches to the same store.
public final class Store<State: Sendable, Action: Sendable>: @unchecked Sendable {
  // Everything below is guarded by `lock`. It is recursive so that middleware, subscribers
  // and commands can read the state and dispatch while the store is processing.
  private let lock = NSRecursiveLock()
  private var currentState: State
  private var isProcessing = false
  private var queued: [Action] = []
  /// The actions the reducer received during the current top-level dispatch.
  private var reducedActions: [Action] = []
  private var subscriptions: [Subscription<State>] = []
  private var nextSubscriptionID = 0

  private let reducer: Reducer<State, Action>
  private let middleware: [any Middleware<State, Action>]

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - state: The initial state.
  ///   - reducer: Applies each action to the state.
  ///   - middleware: Sees each action before and after the reducer, first to last.
  public init(
    state: State,
    reducer: Reducer<State, Action>,
    middleware: [any Middleware<State, Action>] = []
  ) {
    self.currentState = state
    self.reducer = reducer
    self.middleware = middleware
  }

  /// The current state.
  public var state: State {
    lock.withLock { currentState }
  }

  /// Applies an action: middleware, then reducer, then subscribers.
  ///
  /// Returns once the action has been processed, together with the actions dispatched while it
  /// was, unless this call is itself made during processing: then the action is queued and
  /// applied after the current one.
  ///
  /// - Returns: The actions the reducer received, in order: the action itself or what the
  ///   middleware made of it (a request becomes its outcome, say), then those dispatched
  ///   meanwhile. A command reads its outcome there, so that replies need not live in the
  ///   state. Empty for an action queued behind the current one.
  @discardableResult
  public func dispatch(_ action: Action) -> [Action] {
    lock.lock()
    defer { lock.unlock() }
    if isProcessing {
      queued.append(action)
      return []
    }
    isProcessing = true
    defer {
      isProcessing = false
      reducedActions.removeAll()
    }
    process(action)
    var index = 0
    while index < queued.count {
      process(queued[index])
      index += 1
    }
    queued.removeAll(keepingCapacity: true)
    return reducedActions
  }

  /// Runs `body` while holding the store, so that nothing else changes it meanwhile.
  @usableFromInline
  func exclusively<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  private func process(_ action: Action) {
    var reduced = false
    pass(action, toMiddlewareAt: 0, reduced: &reduced)
    if reduced {
      notifySubscribers(of: currentState)
    }
  }

  private func pass(_ action: Action, toMiddlewareAt index: Int, reduced: inout Bool) {
    guard index < middleware.count else {
      reducer.reduce(&currentState, action)
      reducedActions.append(action)
      reduced = true
      return
    }
    let context = StoreContext(store: self)
    middleware[index].handle(action, context: context) { next in
      pass(next, toMiddlewareAt: index + 1, reduced: &reduced)
    }
  }
}

extension Store {
  /// Adds a subscription and delivers the current state to it at once.
  @usableFromInline
  func add(_ makeSubscription: (Int) -> Subscription<State>) -> Int {
    lock.lock()
    defer { lock.unlock() }
    let id = nextSubscriptionID
    nextSubscriptionID += 1
    let subscription = makeSubscription(id)
    subscriptions.append(subscription)
    if !subscription.deliver(currentState) {
      removeInactiveSubscriptions()
    }
    return id
  }

  /// Stops the subscriptions that `shouldEnd` picks; they receive no further state.
  @usableFromInline
  func endSubscriptions(where shouldEnd: (Subscription<State>) -> Bool) {
    lock.withLock {
      for subscription in subscriptions where shouldEnd(subscription) {
        subscription.isActive = false
      }
      removeInactiveSubscriptions()
    }
  }

  private func notifySubscribers(of state: State) {
    var foundInactive = false
    // Iterate over a copy: a subscriber may subscribe or unsubscribe others meanwhile.
    for subscription in subscriptions {
      guard subscription.isActive else {
        foundInactive = true
        continue
      }
      if !subscription.deliver(state) {
        foundInactive = true
      }
    }
    if foundInactive {
      removeInactiveSubscriptions()
    }
  }

  var activeSubscriptionCount: Int {
    subscriptions.count { $0.isActive && $0.isAlive }
  }

  private func removeInactiveSubscriptions() {
    subscriptions.removeAll { !$0.isActive }
  }
}
