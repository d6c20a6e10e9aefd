import Foundation
import PropertyBased
import TallyCore
import Testing

@testable import TallyReports

/// Reports of the largest amounts tally accepts, in every format: nothing traps, no number is
/// infinite, and the JSON reads back with the same sums.
@Suite struct ExtremeAmountPropertyTests {
  let project = Project(
    id: ProjectID(rawValue: 1), title: "W", units: "kg", frequency: .monthly,
    createdAt: Timestamp(secondsSince1970: 0), updatedAt: Timestamp(secondsSince1970: 0))

  /// Amounts at and near the edge of ``AmountRange``, of either sign, and tiny ones.
  static let amounts = Gen.int(in: 0...5).array(of: 1...40)

  static func amount(_ choice: Int, _ index: Int) -> Double {
    let edge = AmountRange.limit.nextDown
    let sign: Double = index % 3 == 0 ? -1 : 1
    switch choice {
    case 0: return sign * edge
    case 1: return sign * edge / 3
    case 2: return sign * 1e-300
    case 3: return sign * 0.1
    case 4: return sign * 123_456_789_012.345
    default: return 0
    }
  }

  @Test func everyFormatRendersExtremeAmounts() async throws {
    await propertyCheck(count: 100, input: Self.amounts, Gen.bool) { choices, includesEmpty in
      let values = choices.enumerated().map { index, choice in
        (
          Timestamp(secondsSince1970: 1_704_067_200 + Int64(index) * 2_000_000),
          Self.amount(choice, index)
        )
      }
      #expect(values.allSatisfy { AmountRange.contains($0.1) })
      let builder = ReportBuilder(
        calendar: PeriodCalendar(period: .monthly, zone: .gmt), includesEmpty: includesEmpty)
      let report = try builder.report(
        of: project, from: Timestamp(secondsSince1970: 1_704_067_200),
        to: Timestamp(secondsSince1970: 1_704_067_200 + 90_000_000)
      ) { start, end in
        let inside = values.filter { $0.0 >= start && $0.0 < end }.map(\.1)
        return RangeFigures(
          count: inside.count, sum: inside.reduce(0, +), min: inside.min(), max: inside.max())
      }
      let outputs = [
        ReportTable.render([report]), ReportTable.render([report], width: 60),
        ReportCSV.render([report]), ReportJSON.render([report]),
        ReportTemplate.markdown.render(
          [report], generated: Timestamp(secondsSince1970: 0), zone: .gmt),
      ]
      for output in outputs {
        #expect(!output.contains("inf"), "\(output)")
        #expect(!output.contains("nan"), "\(output)")
      }
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(ReportJSON.render([report]).utf8))
          as? [[String: Any]])
      #expect(json.count == report.rows.count)
      for (object, row) in zip(json, report.rows) {
        let sum = try #require(object["sum"] as? Double)
        #expect(abs(sum - row.sum) <= abs(row.sum) * 1e-14)
      }
    }
  }

  @Test func barsOfNonFiniteFiguresAreEmptyNotATrap() {
    let infinite = BarScale(
      headlines: [.infinity], goals: [], kind: .total, width: 20, glyphs: .unicode)
    #expect(infinite.bar(.infinity, goal: nil) == "")
    let undefined = BarScale(
      headlines: [.nan, 1], goals: [.nan], kind: .gauge, width: 20, glyphs: .unicode)
    #expect(undefined.bar(.nan, goal: .nan) == "")
  }
}
