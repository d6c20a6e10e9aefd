import Foundation
import PropertyBased
import TallyCore
import TallyReports
import Testing

/// A report built from aggregates that answer all its periods at once (as the PostgreSQL
/// backend's do) equals the one built a period at a time: random readings with gaps, zones,
/// periods, kinds, ranges that start before the first reading and end after the last.
@Suite struct ManyRangesAtOnceTests {
  /// Readings in memory, answering one range at a time or all at once; counts the requests.
  final class MemoryAggregates: RangeAggregates {
    let readings: [Reading]
    let answersManyRangesAtOnce: Bool
    private(set) var requests = 0

    init(_ readings: [Reading], atOnce: Bool) {
      self.readings = readings.sorted { ReadingOrder.Key($0) < ReadingOrder.Key($1) }
      answersManyRangesAtOnce = atOnce
    }

    func span() throws -> ClosedRange<Timestamp>? {
      requests += 1
      guard let first = readings.first, let last = readings.last else { return nil }
      return first.timestamp...last.timestamp
    }

    func firstReading(atOrAfter instant: Timestamp) throws -> Timestamp? {
      requests += 1
      return readings.first { $0.timestamp >= instant }?.timestamp
    }

    func aggregate(from start: Timestamp, to end: Timestamp) throws -> RangeFigures {
      requests += 1
      return Self.figures(readings.filter { $0.timestamp >= start && $0.timestamp < end })
    }

    func aggregates(_ ranges: [Range<Timestamp>]) throws -> [RangeFigures] {
      requests += 1
      return ranges.map { range in Self.figures(readings.filter { range.contains($0.timestamp) }) }
    }

    func reading(_ side: ReadingOrder.Side, of key: ReadingOrder.Key) throws -> Reading? {
      switch side {
      case .before: readings.last { ReadingOrder.Key($0) < key }
      case .after: readings.first { key < ReadingOrder.Key($0) }
      }
    }

    func resets() throws -> [Reading] { readings.filter(\.isReset) }

    private static func figures(_ readings: [Reading]) -> RangeFigures {
      let amounts = readings.map(\.amount)
      return RangeFigures(
        count: amounts.count, sum: amounts.reduce(0, +), min: amounts.min(), max: amounts.max())
    }
  }

  static let zones = ["UTC", "Asia/Kolkata", "Asia/Kathmandu", "America/Santiago", "Europe/Berlin"]

  @Test func allAtOnceEqualsOneAtATime() async {
    // Clusters of readings with years between them, over 2016 to 2028.
    let clusters = Gen.int(in: 0...380_000_000).array(of: 0...6)
    await propertyCheck(
      count: 200, input: clusters, Gen.int(in: 0...(Self.zones.count - 1)),
      Gen.int(in: 0...(ReportPeriod.allCases.count - 1)), Gen.bool, Gen.int(in: 0...2),
      Gen.int(in: -100_000_000...400_000_000)
    ) { starts, zoneIndex, periodIndex, includesEmpty, kindIndex, fromOffset in
      let base: Int64 = 1_451_606_400
      var readings: [Reading] = []
      for (cluster, start) in starts.enumerated() {
        for index in 0..<(cluster * 3 + 1) {
          let id = Int64(readings.count + 1)
          readings.append(
            Reading(
              id: ReadingID(rawValue: id), projectID: ProjectID(rawValue: 1),
              amount: Double(index * 10 + cluster),
              timestamp: Timestamp(
                secondsSince1970: base + Int64(start) + Int64(index) * 40_000),
              note: nil))
        }
      }
      let kind = [ProjectKind.total, .gauge, .meter][kindIndex]
      let project = Project(
        id: ProjectID(rawValue: 1), title: "P", units: "", frequency: .daily, kind: kind,
        createdAt: Timestamp(secondsSince1970: 0), updatedAt: Timestamp(secondsSince1970: 0))
      let zone = TimeZone(identifier: Self.zones[zoneIndex]) ?? .gmt
      let builder = ReportBuilder(
        calendar: PeriodCalendar(period: ReportPeriod.allCases[periodIndex], zone: zone),
        includesEmpty: includesEmpty)
      let from = Timestamp(secondsSince1970: base + Int64(fromOffset))
      let to = Timestamp(secondsSince1970: base + 420_000_000)
      // A meter's readings count up: sorted amounts.
      let stored =
        kind == .meter
        ? zip(readings.sorted { $0.timestamp < $1.timestamp }, readings.map(\.amount).sorted())
          .map { reading, amount in
            var reading = reading
            reading.amount = amount
            return reading
          } : readings
      let oneAtATime = MemoryAggregates(stored, atOnce: false)
      let atOnce = MemoryAggregates(stored, atOnce: true)
      let expected = try builder.report(of: project, from: from, to: to, over: oneAtATime)
      let got = try builder.report(of: project, from: from, to: to, over: atOnce)
      #expect(got == expected)
      // The span, then every period at once: empty periods and gaps cost nothing more.
      #expect(atOnce.requests <= 2)
    }
  }
}
