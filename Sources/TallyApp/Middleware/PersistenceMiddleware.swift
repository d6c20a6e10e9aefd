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

  public func handle(
    _ action: TallyAction, context: StoreContext<AppState, TallyAction>,
    next: (TallyAction) -> Void
  ) {
    switch action {
    case .request(let request):
      do {
        let commit = try storage.perform(
          try request.validated(), openProject: context.state.routedProjectID, zone: zone)
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
        context.dispatch(.loaded(try storage.snapshot(openProject: after)))
      } catch {
        context.dispatch(.failed(error))
      }
    case .loaded, .committed, .failed, .clearMessages, .reportLoaded, .display:
      next(action)
    }
  }
}
