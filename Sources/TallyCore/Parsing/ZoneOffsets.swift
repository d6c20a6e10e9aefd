public import Foundation

/// A zone's offset from UTC, remembered over the span it holds: a dump of readings in time
/// order asks the zone once per change of offset (a daylight-saving change), not once per
/// reading, which costs the time zone library's lookup each time.
public struct ZoneOffsets {
  /// The zone.
  public let zone: TimeZone
  /// Where ``offset`` holds, in microseconds since 1970: from an instant it was asked for to
  /// the zone's next transition after it.
  private var span: Range<Int64> = 0..<0
  private var offset = 0

  /// Offsets of `zone`.
  public init(zone: TimeZone) {
    self.zone = zone
  }

  /// The zone's offset from UTC at `timestamp`, in seconds, as `TimeZone.secondsFromGMT(for:)`
  /// says.
  public mutating func seconds(at timestamp: Timestamp) -> Int {
    let instant = timestamp.microsecondsSince1970
    if span.contains(instant) { return offset }
    let date = timestamp.date
    offset = zone.secondsFromGMT(for: date)
    let next = zone.nextDaylightSavingTimeTransition(after: date).map {
      // A transition a microsecond after the instant still leaves the instant in the span.
      max(instant + 1, Int64(($0.timeIntervalSince1970 * 1_000_000).rounded(.down)))
    }
    span = instant..<(next ?? .max)
    return offset
  }

  /// The wall-clock time of `timestamp` in the zone, and the zone's offset then, in seconds:
  /// ``CivilTime/of(_:in:)``.
  public mutating func civil(_ timestamp: Timestamp) -> (CivilTime, offset: Int) {
    let offset = seconds(at: timestamp)
    let local = timestamp.microsecondsSince1970 + Int64(offset) * 1_000_000
    return (CivilTime(microsecondsAsUTC: local), offset)
  }
}
