public import Flow
public import TallyCore

extension Store where State == AppState, Action == TallyAction {
  /// Carries out a request through the store and returns what the storage did.
  ///
  /// The request and its outcome form one command, so another thread's request cannot slip
  /// in between; the outcome is the `committed` or `failed` action the request became, not
  /// something left in the state.
  ///
  /// - Returns: What was done: the message, the stored data after it, and what an import did.
  /// - Throws: The ``TallyError`` the request failed with; nothing was changed then.
  @discardableResult
  public func perform(_ request: Request) throws(TallyError) -> Commit {
    let outcome = run(
      Command<AppState, TallyAction, Result<Commit, TallyError>, Never> { context in
        for action in context.dispatch(.request(request)) {
          switch action {
          case .committed(let commit): return .success(commit)
          case .failed(let error): return .failure(error)
          default: continue
          }
        }
        return .failure(TallyError(.storage, "the request was not carried out"))
      })
    return try outcome.get()
  }
}
