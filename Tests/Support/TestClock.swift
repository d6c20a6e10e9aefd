public import TallyCore

/// A clock for tests: each call is one second after the last.
public final class TestClock: @unchecked Sendable {
  // Unchecked: a test reads it from the one thread it runs on.
  private var seconds: Int64

  /// A clock whose first reading is one second after `start` (seconds since 1970).
  public init(start: Int64 = 1_700_000_000) {
    seconds = start
  }

  /// The next second.
  public func now() -> Timestamp {
    seconds += 1
    return Timestamp(secondsSince1970: seconds)
  }
}
