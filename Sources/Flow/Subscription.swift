/// One subscriber's link to a store: what it selects, what it last received, whether it lives.
@usableFromInline
final class Subscription<State> {
  /// Delivers a state to a subscriber, which is passed in (the owner, or the subscription
  /// itself when it has no owner).
  @usableFromInline
  typealias Delivery = (State, AnyObject) -> Void

  let id: Int
  /// The subscribing object, held weakly; `nil` for subscriptions without an owner (streams).
  private weak var owner: AnyObject?
  private let hasOwner: Bool
  private let delivery: Delivery
  /// Cleared when the subscription ends, so that a subscription ended during a round of
  /// notifications receives nothing more in that round.
  var isActive = true

  @usableFromInline
  init(id: Int, owner: AnyObject?, delivery: @escaping Delivery) {
    self.id = id
    self.owner = owner
    self.hasOwner = owner != nil
    self.delivery = delivery
  }

  /// Whether `object` is the subscriber behind this subscription.
  @usableFromInline
  func isOwned(by object: AnyObject) -> Bool {
    owner === object
  }

  /// Whether the subscriber still exists.
  var isAlive: Bool { !hasOwner || owner != nil }

  /// Delivers `state`, or ends the subscription if its owner is gone.
  ///
  /// - Returns: Whether the subscription is still active.
  func deliver(_ state: State) -> Bool {
    guard hasOwner else {
      delivery(state, self)
      return true
    }
    guard let owner else {
      isActive = false
      return false
    }
    delivery(state, owner)
    return true
  }

  /// A delivery that selects part of the state and passes it on unless it repeats the last.
  @inlinable
  static func selecting<Selected>(
    _ select: @escaping (State) -> Selected,
    skipRepeats: ((Selected, Selected) -> Bool)?,
    into receive: @escaping (Selected, AnyObject) -> Void
  ) -> Delivery {
    guard let skipRepeats else {
      return { state, owner in receive(select(state), owner) }
    }
    var last: Selected?
    return { state, owner in
      let selected = select(state)
      if let previous = last, skipRepeats(previous, selected) {
        return
      }
      last = selected
      receive(selected, owner)
    }
  }
}
