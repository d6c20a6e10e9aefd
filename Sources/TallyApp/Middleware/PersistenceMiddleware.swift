public import Flow
public import Foundation
public import TallyCore
public import TallyState

/// Writes each request to the storage before the state changes, and loads what a new screen
/// needs.
///
/// A request is validated, then carried out in one transaction; on success it is replaced by
/// `committed` with what the storage now holds, on failure by `failed` with the reason, so
/// the state changes only as the storage did. When the route opens another project, its
/// readings are loaded after the navigation.
public struct PersistenceMiddleware: Middleware {
  private let storage: any Storage
  /// The zone the times of the storage's messages are written in.
  private let zone: TimeZone

  /// Creates the middleware over `storage`; its messages write times in `zone`.
  public init(storage: any Storage, zone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
    self.storage = storage
    self.zone = zone
  }

  /// Validates `request` and carries it out in one transaction of `storage`.
  ///
  /// - Returns: `committed` with what the storage now holds, or `failed` with the reason.
  static func outcome(
    of request: Request, on storage: any Storage, openProject: ProjectID?, zone: TimeZone
  ) -> TallyAction {
    do {
      return .committed(
        try storage.perform(try request.validated(), openProject: openProject, zone: zone))
    } catch {
      return .failed(error)
    }
  }

  /// Carries out an import in a command of its own, so that its rows (a stream read once)
  /// never travel inside an action: only its outcome is dispatched.
  ///
  /// - Parameters:
  ///   - jobs: One job for each project of the file, at least one.
  ///   - at: When the import runs.
  ///   - storage: Where the readings go.
  ///   - store: The store the outcome is dispatched to.
  /// - Returns: What the import did in each project.
  /// - Throws: The ``TallyError`` it failed with; nothing was imported then.
  public static func importReadings(
    _ jobs: [ImportJob], at: Timestamp, on storage: any Storage,
    through store: Store<AppState, TallyAction>
  ) throws(TallyError) -> [ImportOutcome] {
    let result = store.run(
      Command<AppState, TallyAction, Result<Commit, TallyError>, Never> { context in
        let result = Result { () throws(TallyError) -> Commit in
          try storage.importReadings(
            try jobs.map { job throws(TallyError) in try job.validated() }, at: at,
            openProject: context.state.routedProjectID)
        }
        switch result {
        case .success(let commit): context.dispatch(.committed(commit))
        case .failure(let error): context.dispatch(.failed(error))
        }
        return result
      })
    return try result.get().importOutcomes
  }

  public func handle(
    _ action: TallyAction, context: StoreContext<AppState, TallyAction>,
    next: (TallyAction) -> Void
  ) {
    switch action {
    case .request(let request):
      next(
        Self.outcome(
          of: request, on: storage, openProject: context.state.routedProjectID, zone: zone))
    case .navigate:
      let before = context.state.routedProjectID
      next(action)
      let after = context.state.routedProjectID
      guard after != before else { return }
      do {
        context.dispatch(.loaded(try storage.snapshot(openProject: after)))
      } catch {
        context.dispatch(.failed(error))
      }
    case .loaded, .committed, .failed, .clearMessages, .reportLoaded, .display:
      next(action)
    }
  }
}
