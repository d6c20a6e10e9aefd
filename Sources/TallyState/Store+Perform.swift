public import Flow
public import TallyCore

extension Store where State == AppState, Action == TallyAction {
  /// Carries out a request through the store and says how it went.
  ///
  /// The request, its outcome and the check of that outcome form one command, so another
  /// thread's request cannot slip in between.
  ///
  /// - Returns: What was done, for people.
  /// - Throws: The ``TallyError`` the request failed with; nothing was changed then.
  @discardableResult
  public func perform(_ request: Request) throws(TallyError) -> String {
    let outcome = run(
      Command<AppState, TallyAction, Result<String, TallyError>, Never> { context in
        context.dispatch(.request(request))
        if let error = context.state.lastError { return .failure(error) }
        guard let message = context.state.status else {
          return .failure(TallyError(.storage, "the request was not carried out"))
        }
        return .success(message)
      })
    return try outcome.get()
  }
}
