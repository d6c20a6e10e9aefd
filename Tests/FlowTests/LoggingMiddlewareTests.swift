import Flow
import Logging
import Testing

@Suite struct LoggingMiddlewareTests {
  /// A log handler that keeps its lines.
  struct CapturingHandler: LogHandler {
    let lines: EventLog
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      let microseconds = event.metadata?["microseconds"].map { "\($0)" } ?? "missing"
      lines.append("\(event.level) \(event.message) timed=\(Int(microseconds) != nil)")
    }
  }

  @Test func logsEachActionWithItsDuration() {
    let lines = EventLog()
    var logger = Logger(label: "test") { _ in CapturingHandler(lines: lines) }
    logger.logLevel = .debug
    let store = makeCounterStore(middleware: [LoggingMiddleware(logger: logger)])
    store.dispatch(.increment)
    store.dispatch(.setLabel("a"))
    #expect(
      lines.events == [
        "debug action increment timed=true", "debug action setLabel(\"a\") timed=true",
      ])
  }

  @Test func logsNothingBelowTheLoggersLevel() {
    let lines = EventLog()
    var logger = Logger(label: "test") { _ in CapturingHandler(lines: lines) }
    logger.logLevel = .info
    let store = makeCounterStore(middleware: [LoggingMiddleware(logger: logger, level: .debug)])
    store.dispatch(.increment)
    #expect(lines.events.isEmpty)
    #expect(store.state.count == 1)
  }

  @Test func describesActionsAsToldTo() {
    let lines = EventLog()
    var logger = Logger(label: "test") { _ in CapturingHandler(lines: lines) }
    logger.logLevel = .trace
    let middleware = LoggingMiddleware<CounterState, CounterAction>(
      logger: logger, level: .info, describe: { _ in "<redacted>" })
    let store = makeCounterStore(middleware: [middleware])
    store.dispatch(.setLabel("secret"))
    #expect(lines.events == ["info action <redacted> timed=true"])
  }
}
