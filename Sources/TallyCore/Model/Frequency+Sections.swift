public import Foundation

/// Readings grouped in sections by their project's frequency, in order.
public struct ReadingSection: Equatable, Sendable {
  /// The section's label: its period's.
  public var label: String
  /// Its readings, in the order given.
  public var readings: [Reading]
  /// The sum of their amounts.
  public var total: Double { readings.reduce(0) { $0 + $1.amount } }

  /// Groups `readings`, which must be in time order (either way), by `frequency` in `zone`.
  public static func grouping(
    _ readings: [Reading], by frequency: Frequency, in zone: TimeZone
  ) -> [ReadingSection] {
    let calendar = PeriodCalendar(period: frequency, zone: zone)
    var sections: [ReadingSection] = []
    var period: Period?
    for reading in readings {
      if let current = period, current.contains(reading.timestamp) {
        sections[sections.count - 1].readings.append(reading)
      } else {
        let next = calendar.period(containing: reading.timestamp)
        period = next
        sections.append(ReadingSection(label: next.label, readings: [reading]))
      }
    }
    return sections
  }
}
