import TallyCore

/// A meter's dial between its readings: the usage up to any instant, read as the
/// piecewise-linear line through the readings, so that the usage between two readings is
/// apportioned to the periods on either side of a boundary in proportion to time (as utility
/// bills do).
///
/// The usage up to reading `i` is the sum of the increases up to it: `a[i] - a[i-1]`, or
/// `a[i]` itself at a reset (the dial counts from 0 again). That telescopes to
/// `a[i] - a[0]` plus the reading before each reset up to `i`, so the dial needs only the two
/// readings around an instant and the few resets: two steps down the index per instant.
struct MeterDial {
  private let aggregates: any RangeAggregates
  private let first: Reading?
  /// Each reset's place, and the reading before it (what the old dial had counted to).
  private let resets: [(key: ReadingOrder.Key, before: Double)]

  /// The dial of the readings `aggregates` sum up, which span `span`.
  init(_ aggregates: any RangeAggregates, span: ClosedRange<Timestamp>) throws {
    self.aggregates = aggregates
    first = try aggregates.reading(.after, of: .start(of: span.lowerBound))
    resets = try aggregates.resets().compactMap { reset in
      let key = ReadingOrder.Key(reset)
      return try aggregates.reading(.before, of: key).map { (key, $0.amount) }
    }
  }

  /// The usage from the first reading up to `reading`.
  func usage(upTo reading: Reading) -> Double {
    guard let first else { return 0 }
    let key = ReadingOrder.Key(reading)
    var scale = Swift.max(abs(reading.amount), abs(first.amount))
    let usage = resets.reduce(reading.amount - first.amount) { total, reset in
      guard reset.key <= key else { return total }
      scale = Swift.max(scale, abs(reset.before))
      return total + reset.before
    }
    return AmountFormat.difference(usage, scale: scale)
  }

  /// The usage from the first reading up to `instant`: 0 before it, all of it after the last.
  func usage(at instant: Timestamp) throws -> Double {
    guard let before = try aggregates.reading(.before, of: .start(of: instant)) else { return 0 }
    let upToBefore = usage(upTo: before)
    guard let after = try aggregates.reading(.after, of: .start(of: instant)) else {
      return upToBefore
    }
    let fraction =
      before.timestamp.seconds(until: instant) / before.timestamp.seconds(until: after.timestamp)
    return upToBefore + (usage(upTo: after) - upToBefore) * fraction
  }
}
