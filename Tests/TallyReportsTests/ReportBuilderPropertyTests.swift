import Foundation
import PropertyBased
import TallyCore
import TallyReports
import Testing

/// The builder, fed range aggregates, against a plain reference that puts every reading in its
/// period by reading its local date: random readings, zones and periods.
@Suite struct ReportBuilderPropertyTests {
  static let zones = [
    "UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata",
    "Pacific/Chatham", "America/Santiago", "Asia/Tehran",
  ]

  let project = Project(
    id: ProjectID(rawValue: 1), title: "P", units: "", frequency: .daily,
    createdAt: Timestamp(secondsSince1970: 0), updatedAt: Timestamp(secondsSince1970: 0))

  /// The label of the period holding `timestamp`, worked out from its local date alone.
  static func referenceLabel(_ timestamp: Timestamp, _ period: ReportPeriod, _ zone: TimeZone)
    -> String
  {
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = zone
    let date = timestamp.date
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    let year = parts.year ?? 0
    let month = parts.month ?? 0
    switch period {
    case .daily: return String(format: "%04d-%02d-%02d", year, month, parts.day ?? 0)
    case .weekly:
      let week = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
      return String(format: "%04d-W%02d", week.yearForWeekOfYear ?? 0, week.weekOfYear ?? 0)
    case .monthly: return String(format: "%04d-%02d", year, month)
    case .quarterly: return String(format: "%04d-Q%d", year, (month - 1) / 3 + 1)
    case .yearly: return String(format: "%04d", year)
    }
  }

  @Test func matchesAReferenceOnRandomReadingsZonesAndPeriods() async {
    let readings = Gen.int(in: 0...400_000_000).array(of: 0...60)
    await propertyCheck(
      count: 150, input: readings, Gen.int(in: 0...(Self.zones.count - 1)),
      Gen.int(in: 0...(ReportPeriod.allCases.count - 1)), Gen.bool
    ) { offsets, zoneIndex, periodIndex, includesEmpty in
      let zone = TimeZone(identifier: Self.zones[zoneIndex]) ?? .gmt
      let period = ReportPeriod.allCases[periodIndex]
      // Readings from 2016 to 2028, amounts with two decimals.
      let base: Int64 = 1_451_606_400
      let values = offsets.enumerated().map { index, offset in
        (
          Timestamp(secondsSince1970: base + Int64(offset)),
          Double((offset * 7 + index) % 20_000 - 10_000) / 100
        )
      }
      let from = Timestamp(secondsSince1970: base + 50_000_000)
      let to = Timestamp(secondsSince1970: base + 350_000_000)
      let builder = ReportBuilder(
        calendar: PeriodCalendar(period: period, zone: zone), includesEmpty: includesEmpty)
      let report = try builder.report(of: project, from: from, to: to) { start, end in
        let inside = values.filter { $0.0 >= start && $0.0 < end }.map(\.1)
        return RangeFigures(
          count: inside.count, sum: inside.reduce(0, +), min: inside.min(), max: inside.max())
      }

      var expected: [String: [Double]] = [:]
      for (timestamp, amount) in values where timestamp >= from && timestamp < to {
        expected[Self.referenceLabel(timestamp, period, zone), default: []].append(amount)
      }
      let nonEmpty = report.rows.filter { $0.count > 0 }
      #expect(nonEmpty.map(\.period.label) == expected.keys.sorted())
      for row in nonEmpty {
        let amounts = expected[row.period.label] ?? []
        #expect(row.count == amounts.count)
        #expect(abs(row.sum - amounts.reduce(0, +)) < 1e-6)
        #expect(row.min == amounts.min())
        #expect(row.max == amounts.max())
      }
      if !includesEmpty {
        #expect(report.rows.allSatisfy { $0.count > 0 })
      } else {
        let labels = report.rows.map(\.period.label)
        #expect(labels == labels.sorted())
        #expect(Set(labels).count == labels.count)
      }
      // Going straight to the next reading's period after an empty one gives the same report.
      let skipping = try builder.report(
        of: project, from: from, to: to,
        aggregate: { start, end in
          let inside = values.filter { $0.0 >= start && $0.0 < end }.map(\.1)
          return RangeFigures(
            count: inside.count, sum: inside.reduce(0, +), min: inside.min(), max: inside.max())
        },
        nextReading: { instant in values.map(\.0).filter { $0 >= instant }.min() })
      #expect(skipping == report)
    }
  }

  @Test func emptyPeriodsOverASpanNobodyMeansAreRefused() throws {
    let builder = ReportBuilder(
      calendar: PeriodCalendar(period: .daily, zone: .gmt), includesEmpty: true)
    let from = Timestamp(secondsSince1970: -62_135_596_800)  // 0001-01-01
    let to = Timestamp(secondsSince1970: 253_402_300_799)  // 9999-12-31
    var asked = 0
    #expect {
      try builder.report(of: project, from: from, to: to) { _, _ in
        asked += 1
        return RangeFigures(count: 0, sum: 0, min: nil, max: nil)
      }
    } throws: { error in
      "\(error)".contains(
        "every period, as --empty or a chart shows them, would be about 3652059 daily periods")
    }
    #expect(asked == 0, "refused before a single period is summed")
    // Yearly periods over the same span are few enough.
    let yearly = ReportBuilder(
      calendar: PeriodCalendar(period: .yearly, zone: .gmt), includesEmpty: true)
    let report = try yearly.report(of: project, from: from, to: to) { _, _ in
      RangeFigures(count: 0, sum: 0, min: nil, max: nil)
    }
    #expect(report.rows.count == 9_999)
  }

  @Test func aFewReadingsOverCenturiesSumOnlyTheirPeriods() throws {
    let builder = ReportBuilder(
      calendar: PeriodCalendar(period: .daily, zone: .gmt), includesEmpty: false)
    let readings = [
      Timestamp(secondsSince1970: -62_135_596_800), Timestamp(secondsSince1970: 0),
      Timestamp(secondsSince1970: 253_402_214_400),
    ]
    var asked = 0
    let report = try builder.report(
      of: project, from: readings[0], to: Timestamp(secondsSince1970: 253_402_300_800),
      aggregate: { start, end in
        asked += 1
        let count = readings.filter { $0 >= start && $0 < end }.count
        return RangeFigures(count: count, sum: Double(count), min: 1, max: 1)
      },
      nextReading: { instant in readings.filter { $0 >= instant }.min() })
    #expect(report.rows.map(\.period.label) == ["0001-01-01", "1970-01-01", "9999-12-31"])
    #expect(asked <= 6)
  }
}
