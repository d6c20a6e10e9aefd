extension Reducer {
  /// A reducer that runs `reducers` one after the other on the same state and action.
  public static func combine(_ reducers: Reducer...) -> Reducer {
    combine(reducers)
  }

  /// A reducer that runs `reducers` one after the other on the same state and action.
  public static func combine(_ reducers: [Reducer]) -> Reducer {
    Reducer { state, action in
      for reducer in reducers {
        reducer.reduce(&state, action)
      }
    }
  }

  /// Runs this reducer on the part of a larger state that `keyPath` names.
  ///
  /// - Parameter keyPath: Where this reducer's state lives inside `Parent`.
  /// - Returns: A reducer of the whole state that every action reaches.
  public func lifted<Parent>(
    to keyPath: any WritableKeyPath<Parent, State> & Sendable
  ) -> Reducer<Parent, Action> {
    Reducer<Parent, Action> { parent, action in
      self.reduce(&parent[keyPath: keyPath], action)
    }
  }

  /// Runs this reducer on an optional part of a larger state, only while that part exists.
  public func lifted<Parent>(
    to keyPath: any WritableKeyPath<Parent, State?> & Sendable
  ) -> Reducer<Parent, Action> {
    Reducer<Parent, Action> { parent, action in
      guard var child = parent[keyPath: keyPath] else { return }
      // Clear the slot first so the child is uniquely referenced while it changes.
      parent[keyPath: keyPath] = nil
      self.reduce(&child, action)
      parent[keyPath: keyPath] = child
    }
  }

  /// Runs this reducer on a part of a larger state, for the actions of a larger action type
  /// that `extract` turns into this reducer's actions.
  ///
  /// - Parameters:
  ///   - keyPath: Where this reducer's state lives inside `Parent`.
  ///   - extract: Returns this reducer's action for the parent actions it handles, else `nil`.
  /// - Returns: A reducer of the whole state that the actions `extract` accepts reach.
  public func lifted<Parent, ParentAction>(
    to keyPath: any WritableKeyPath<Parent, State> & Sendable,
    action extract: @escaping @Sendable (ParentAction) -> Action?
  ) -> Reducer<Parent, ParentAction> {
    Reducer<Parent, ParentAction> { parent, parentAction in
      guard let action = extract(parentAction) else { return }
      self.reduce(&parent[keyPath: keyPath], action)
    }
  }
}
