public import Flow
import TallyCore
public import TallyState

/// Loads the report the route shows, so that the report screen renders it from the state.
///
/// After a navigation that shows a report of another project or period, and after stored data
/// changes while one is shown, the report is summed again and arrives as `reportLoaded`.
public struct ReportMiddleware: Middleware {
  private let query: ProjectReportQuery
  private let latestPeriods: @Sendable () -> Int?

  /// Creates the middleware over `query`; when `latestPeriods` tells a number (asked anew for
  /// each report: the terminal may have been resized), a report holds only that many of the
  /// latest periods, what a screen can show.
  public init(query: ProjectReportQuery, latestPeriods: @escaping @Sendable () -> Int? = { nil }) {
    self.query = query
    self.latestPeriods = latestPeriods
  }

  public func handle(
    _ action: TallyAction, context: StoreContext<AppState, TallyAction>,
    next: (TallyAction) -> Void
  ) {
    next(action)
    switch action {
    case .navigate, .loaded, .committed: break
    case .request, .failed, .clearMessages, .reportLoaded, .display: return
    }
    let state = context.state
    guard let wanted = state.shownReport else {
      if state.report != nil { context.dispatch(.reportLoaded(nil)) }
      return
    }
    // A navigation that leaves the same report shown sums nothing again; new stored data does.
    if case .navigate = action, state.reportOnScreen != nil { return }
    do {
      context.dispatch(
        .reportLoaded(
          try query.report(
            wanted.project, period: wanted.period, latestPeriods: latestPeriods())))
    } catch {
      context.dispatch(.failed(error))
    }
  }
}
