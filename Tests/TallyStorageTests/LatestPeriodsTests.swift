import Foundation
import TallyApp
import TallyCore
import TallyStorage
import Testing

/// A screen's report holds the latest periods that fit it, and says that there are earlier
/// ones; the same periods as the whole report's last ones.
@Suite struct LatestPeriodsTests {
  @Test(arguments: [1, 3, 10, 11, 40]) func aScreenShowsTheLatestPeriods(_ shown: Int) throws {
    let database = try TallyDatabase.inMemory()
    let at = Timestamp(secondsSince1970: 1_735_689_600)
    _ = try database.perform(
      .addProject(NewProject(title: "Spend", frequency: .monthly), at: at), openProject: nil)
    let id = ProjectID(rawValue: 1)
    // One reading in each of 10 months of 2024 (none in March and in July).
    for month in [1, 2, 4, 5, 6, 8, 9, 10, 11, 12] {
      let time = try #require(
        Calendar(identifier: .gregorian).date(
          from: DateComponents(timeZone: .gmt, year: 2024, month: month, day: 15)))
      _ = try database.perform(
        .addReading(
          NewReading(
            projectID: id, amount: Double(month),
            timestamp: Timestamp(secondsSince1970: Int64(time.timeIntervalSince1970))), at: at),
        openProject: nil)
    }
    let project = try #require(database.snapshot().projects.first?.project)
    let query = ProjectReportQuery(storage: database, zone: .gmt)
    let whole = try query.report(project, period: .monthly, includesEmpty: true)
    let latest = try query.report(
      project, period: .monthly, includesEmpty: true, latestPeriods: shown)
    // January to December: 12 periods with the empty ones.
    #expect(whole.rows.count == 12)
    #expect(!whole.hasEarlierPeriods)
    #expect(latest.rows == Array(whole.rows.suffix(min(shown, 12))))
    #expect(latest.hasEarlierPeriods == (shown < 12))
  }
}
