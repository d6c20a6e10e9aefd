public import Foundation

extension Frequency {
  /// The section a reading at `timestamp` falls in, in `zone`: its day (`2024-01-15`), month
  /// (`2024-01`) or year (`2024`).
  public func section(of timestamp: Timestamp, in zone: TimeZone) -> String {
    let (civil, _) = CivilTime.of(timestamp, in: zone)
    let year = TimestampFormat.pad(civil.year, 4)
    switch self {
    case .daily: return TimestampFormat.date(civil)
    case .monthly: return year + "-" + TimestampFormat.pad(civil.month, 2)
    case .yearly: return year
    }
  }
}

/// Readings grouped in sections by their project's frequency, in order.
public struct ReadingSection: Equatable, Sendable {
  /// The section's label: a day, a month or a year.
  public var label: String
  /// Its readings, in the order given.
  public var readings: [Reading]
  /// The sum of their amounts.
  public var total: Double { readings.reduce(0) { $0 + $1.amount } }

  /// Groups `readings`, which must be in time order (either way), by `frequency` in `zone`.
  public static func grouping(
    _ readings: [Reading], by frequency: Frequency, in zone: TimeZone
  ) -> [ReadingSection] {
    var sections: [ReadingSection] = []
    for reading in readings {
      let label = frequency.section(of: reading.timestamp, in: zone)
      if sections.last?.label == label {
        sections[sections.count - 1].readings.append(reading)
      } else {
        sections.append(ReadingSection(label: label, readings: [reading]))
      }
    }
    return sections
  }
}
