public import Flow
public import TallyCore

/// Writes each request to the database before the state changes, and loads what a new screen
/// needs.
///
/// A request is validated, then carried out in one transaction; on success it is replaced by
/// `committed` with what the database now holds, on failure by `failed` with the reason, so
/// the state changes only as the database did. When the route opens another project, its
/// readings are loaded after the navigation.
public struct PersistenceMiddleware: Middleware {
  private let database: TallyDatabase

  /// Creates the middleware over `database`.
  public init(database: TallyDatabase) {
    self.database = database
  }

  public func handle(
    _ action: TallyAction, context: StoreContext<AppState, TallyAction>,
    next: (TallyAction) -> Void
  ) {
    switch action {
    case .request(let request):
      do {
        let commit = try database.perform(
          try request.validated(), openProject: context.state.routedProjectID)
        next(.committed(commit))
      } catch {
        next(.failed(error))
      }
    case .navigate:
      let before = context.state.routedProjectID
      next(action)
      let after = context.state.routedProjectID
      guard after != before else { return }
      do {
        context.dispatch(.loaded(try database.snapshot(openProject: after)))
      } catch {
        context.dispatch(.failed(error))
      }
    case .loaded, .committed, .failed, .clearMessages:
      next(action)
    }
  }
}
