import Synchronization

/// What a history middleware is asked to do by an action.
public enum HistoryCommand: Sendable, Equatable {
  /// Go back to the state before the last recorded change.
  case undo
  /// Reapply the last undone change.
  case redo
}

/// Keeps a bounded history of states so that changes can be undone and redone.
///
/// Before each action it notes the state; if the action is one that `isRecorded` accepts and
/// it changed the state, the previous state goes onto the undo stack (dropping the oldest past
/// `limit`) and the redo stack is cleared. An action that `command` maps to ``HistoryCommand``
/// is replaced by `restore(state)` with the state to go back (or forward) to, so the reducer,
/// which must apply `restore` by setting the state, stays the only thing that changes it. With
/// nothing to undo or redo the action passes on unchanged, for the reducer to report.
public final class HistoryMiddleware<State: Sendable & Equatable, Action: Sendable>: Middleware,
  Sendable
{
  private struct Stacks {
    var undo: [State] = []
    var redo: [State] = []
  }

  private let limit: Int
  private let command: @Sendable (Action) -> HistoryCommand?
  private let isRecorded: @Sendable (Action) -> Bool
  private let restore: @Sendable (State) -> Action
  private let stacks = Mutex(Stacks())

  /// Creates a history middleware.
  ///
  /// - Parameters:
  ///   - limit: How many changes can be undone at most; at least 1.
  ///   - command: Says which actions ask to undo or redo.
  ///   - isRecorded: Says which actions make undoable changes; others (navigation, say) are
  ///     not recorded.
  ///   - restore: Makes the action that sets the state to a recorded one.
  public init(
    limit: Int,
    command: @escaping @Sendable (Action) -> HistoryCommand?,
    isRecorded: @escaping @Sendable (Action) -> Bool = { _ in true },
    restore: @escaping @Sendable (State) -> Action
  ) {
    self.limit = max(1, limit)
    self.command = command
    self.isRecorded = isRecorded
    self.restore = restore
  }

  /// Whether there is a change to undo.
  public var canUndo: Bool { stacks.withLock { !$0.undo.isEmpty } }
  /// Whether there is an undone change to redo.
  public var canRedo: Bool { stacks.withLock { !$0.redo.isEmpty } }

  public func handle(
    _ action: Action, context: StoreContext<State, Action>, next: (Action) -> Void
  ) {
    switch command(action) {
    case .undo:
      travel(from: \.undo, to: \.redo, action: action, context: context, next: next)
    case .redo:
      travel(from: \.redo, to: \.undo, action: action, context: context, next: next)
    case nil:
      let before = context.state
      next(action)
      guard isRecorded(action), context.state != before else { return }
      stacks.withLock { stacks in
        stacks.undo.append(before)
        if stacks.undo.count > limit {
          stacks.undo.removeFirst(stacks.undo.count - limit)
        }
        stacks.redo.removeAll()
      }
    }
  }

  private func travel(
    from source: WritableKeyPath<Stacks, [State]>,
    to destination: WritableKeyPath<Stacks, [State]>,
    action: Action,
    context: StoreContext<State, Action>,
    next: (Action) -> Void
  ) {
    guard let target = stacks.withLock({ $0[keyPath: source].popLast() }) else {
      next(action)
      return
    }
    let current = context.state
    next(restore(target))
    stacks.withLock { $0[keyPath: destination].append(current) }
  }
}
