import Foundation
import TallyApp
import TallyCore
import TallyReports
import TallyStorage
import Testing

@Suite struct AggregateTests {
  @Test(arguments: Backend.allCases) func theDatabaseSumsEachPeriodAsMemoryDoes(
    _ backend: Backend
  ) throws {
    let database = try backend.make()
    let project = Project(
      id: ProjectID(rawValue: 1), title: "P", units: "", frequency: .daily,
      createdAt: Timestamp(secondsSince1970: 0), updatedAt: Timestamp(secondsSince1970: 0))
    var generator = SystemRandomNumberGenerator()
    let rows = (0..<3_000).map { index in
      ImportedReading(
        line: index,
        timestamp: Timestamp(
          secondsSince1970: Int64.random(in: 1_600_000_000...1_700_000_000, using: &generator)),
        amount: Double(Int.random(in: -50_000...50_000, using: &generator)) / 100, note: nil)
    }
    _ = try database.importReadings(
      into: .create(NewProject(title: "P", frequency: .daily)), fileName: "r.csv",
      at: Timestamp(secondsSince1970: 1), skipInvalid: false, dryRun: false, openProject: nil
    ) { sink in
      for row in rows { try sink.add(row) }
      return ""
    }
    let span = try #require(try database.withAggregates(of: project.id) { try $0.span() })
    #expect(span.lowerBound == rows.map(\.timestamp).min())
    #expect(span.upperBound == rows.map(\.timestamp).max())
    let zone = try #require(TimeZone(identifier: "America/New_York"))
    for period in ReportPeriod.allCases {
      let builder = ReportBuilder(
        calendar: PeriodCalendar(period: period, zone: zone), includesEmpty: true)
      let from = Timestamp(secondsSince1970: 1_610_000_000)
      let to = Timestamp(secondsSince1970: 1_690_000_000)
      // The query the report use case and the report screen run.
      let stored = try ProjectReportQuery(storage: database, zone: zone).report(
        project, period: period, from: from, to: to, includesEmpty: true)
      let inMemory = try builder.report(of: project, from: from, to: to) { start, end in
        let amounts = rows.filter { $0.timestamp >= start && $0.timestamp < end }.map(\.amount)
        return RangeFigures(
          count: amounts.count, sum: amounts.reduce(0, +), min: amounts.min(), max: amounts.max())
      }
      #expect(stored.rows.map(\.period) == inMemory.rows.map(\.period))
      #expect(stored.rows.map(\.count) == inMemory.rows.map(\.count))
      #expect(stored.rows.map(\.min) == inMemory.rows.map(\.min))
      #expect(stored.rows.map(\.max) == inMemory.rows.map(\.max))
      for (a, b) in zip(stored.rows, inMemory.rows) {
        #expect(abs(a.sum - b.sum) < 1e-6)
      }
    }
  }
}
