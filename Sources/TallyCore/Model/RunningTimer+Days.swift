public import Foundation

extension RunningTimer {
  /// A stretch of a timer's run within one day of a zone: where it starts and its whole
  /// seconds.
  public struct DayPart: Equatable, Sendable {
    /// The run's start on its first day, local midnight on the days after.
    public var start: Timestamp
    /// The whole seconds of the run on that day.
    public var seconds: Int64

    /// Creates a part.
    public init(start: Timestamp, seconds: Int64) {
      self.start = start
      self.seconds = seconds
    }
  }

  /// The run from start to `stop` cut at each midnight of `zone`, one part per day it
  /// touched, so that daily reports and streaks count each day's time on that day.
  ///
  /// The parts' seconds add up to ``elapsedSeconds(until:)`` exactly: each cut is rounded to
  /// the whole second from the start, as the stop is. A day's part that rounds to no second
  /// (a stop a few milliseconds after midnight) is left out, so a run that rounds to no second
  /// has no part at all.
  /// Days are the zone's: 23 or 25 hours across a daylight-saving change.
  ///
  /// - Parameters:
  ///   - stop: When the timer stops, at or after its start.
  ///   - zone: The zone whose midnights cut the run.
  /// - Returns: The parts in time order; none for a run under half a second.
  public func days(until stop: Timestamp, in zone: TimeZone) -> [DayPart] {
    let total = elapsedSeconds(until: stop)
    /// The whole seconds from the start to `instant`, rounded as the stop's are.
    func secondsTo(_ instant: Timestamp) -> Int64 {
      instant >= stop ? total : Int64(max(0, startedAt.seconds(until: instant)).rounded())
    }
    let days = PeriodCalendar(period: .daily, zone: zone).periods(from: startedAt, to: stop)
    return days.compactMap { day -> DayPart? in
      let start = max(day.start, startedAt)
      let seconds = secondsTo(min(day.end, stop)) - secondsTo(start)
      return seconds > 0 ? DayPart(start: start, seconds: seconds) : nil
    }
  }
}
