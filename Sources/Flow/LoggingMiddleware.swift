import Foundation
public import Logging

/// Logs every action that reaches the store, and how long the rest of the chain took with it.
///
/// Place it first to log actions as dispatched, or last to log them as the reducer sees them.
public struct LoggingMiddleware<State: Sendable, Action: Sendable>: Middleware {
  private let logger: Logger
  private let level: Logger.Level
  private let describe: @Sendable (Action) -> String

  /// Creates a logging middleware.
  ///
  /// - Parameters:
  ///   - logger: Where the lines go.
  ///   - level: The level of each line.
  ///   - describe: How an action is written; pass a redacting one for actions that carry
  ///     private data.
  public init(
    logger: Logger,
    level: Logger.Level = .debug,
    describe: @escaping @Sendable (Action) -> String = { String(describing: $0) }
  ) {
    self.logger = logger
    self.level = level
    self.describe = describe
  }

  public func handle(
    _ action: Action, context: StoreContext<State, Action>, next: (Action) -> Void
  ) {
    guard logger.logLevel <= level else {
      next(action)
      return
    }
    let start = ContinuousClock.now
    next(action)
    let elapsed = ContinuousClock.now - start
    logger.log(
      level: level,
      "action \(describe(action))",
      metadata: ["microseconds": "\(elapsed.inMicroseconds)"]
    )
  }
}

extension Duration {
  fileprivate var inMicroseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  }
}
