import Foundation
import TallyCore
import Testing

@Suite struct ModelTests {
  let project = Project(
    id: ProjectID(rawValue: 1), title: "Mileage", units: "km", frequency: .monthly,
    createdAt: Timestamp(secondsSince1970: 0), updatedAt: Timestamp(secondsSince1970: 0))

  func reading(_ id: Int64, _ seconds: Int64, _ amount: Double = 1) -> Reading {
    Reading(
      id: ReadingID(rawValue: id), projectID: project.id, amount: amount,
      timestamp: Timestamp(secondsSince1970: seconds), note: nil)
  }

  @Test func theInverseOfTheInverseIsTheChange() {
    var touched = project
    touched.updatedAt = Timestamp(secondsSince1970: 9)
    let change = Change.batch([
      .insertReadings([reading(1, 0)]), .updateProject(before: project, after: touched),
      .startTimer(RunningTimer(projectID: project.id, startedAt: Timestamp(secondsSince1970: 5))),
    ])
    #expect(change.inverse.inverse == change)
    #expect(
      change.inverse
        == .batch([
          .stopTimer(
            RunningTimer(projectID: project.id, startedAt: Timestamp(secondsSince1970: 5))),
          .updateProject(before: touched, after: project),
          .deleteReadings([reading(1, 0)]),
        ]))
    #expect(change.projectIDs == [project.id])
  }

  @Test func changesSurviveTheirJournalEncoding() throws {
    let change = Change.batch([
      .deleteReadings([reading(1, 0), reading(2, 5, -3.25)]), .deleteProject(project),
    ])
    let data = try JSONEncoder().encode(change)
    #expect(try JSONDecoder().decode(Change.self, from: data) == change)
  }

  @Test func timersCountInTheProjectsUnitOfTime() {
    let timer = RunningTimer(projectID: project.id, startedAt: Timestamp(secondsSince1970: 0))
    let stop = Timestamp(secondsSince1970: 5_400)
    #expect(timer.elapsed(until: stop, units: "h") == 1.5)
    #expect(timer.elapsed(until: stop, units: "hours") == 1.5)
    #expect(timer.elapsed(until: stop, units: "") == 1.5)
    #expect(timer.elapsed(until: stop, units: "min") == 90)
    #expect(timer.elapsed(until: stop, units: "Minutes") == 90)
    #expect(timer.elapsed(until: stop, units: "seconds") == 5_400)
  }

  @Test func readingsFallInSectionsByFrequency() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    // 2023-12-31T23:30Z is already 2024 in Berlin.
    let readings = [
      reading(1, 1_704_065_400), reading(2, 1_704_067_200), reading(3, 1_706_745_600),
    ]
    let monthly = ReadingSection.grouping(readings, by: .monthly, in: berlin)
    #expect(monthly.map(\.label) == ["2024-01", "2024-02"])
    #expect(monthly.map { $0.readings.count } == [2, 1])
    #expect(
      ReadingSection.grouping(readings, by: .monthly, in: .gmt).map(\.label) == [
        "2023-12", "2024-01", "2024-02",
      ])
    #expect(ReadingSection.grouping(readings, by: .yearly, in: berlin).map(\.label) == ["2024"])
    #expect(
      ReadingSection.grouping(readings, by: .daily, in: berlin).map(\.label) == [
        "2024-01-01", "2024-02-01",
      ])
  }
}
