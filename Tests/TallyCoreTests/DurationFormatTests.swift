import Foundation
import TallyCore
import Testing

@Suite struct DurationFormatTests {
  @Test(arguments: [
    (4.0 / 3, TimeUnit.hours, "1:20"), (1.5, .hours, "1:30"), (0, .hours, "0:00"),
    (27.5, .hours, "27:30"), (-4.0 / 3, .hours, "-1:20"), (1.0 / 3, .hours, "0:20"),
    (90, .minutes, "1:30"), (5, .minutes, "0:05"), (-45, .minutes, "-0:45"),
    (0.4, .minutes, "0:00"), (-0.4, .minutes, "0:00"), (45, .seconds, "0:00:45"),
    (4830, .seconds, "1:20:30"), (-61, .seconds, "-0:01:01"), (90_000, .seconds, "25:00:00"),
  ])
  func showsAClock(amount: Double, unit: TimeUnit, expected: String) {
    #expect(DurationFormat.clock(amount, unit: unit) == expected)
  }

  @Test func roundsToTheWholeMinuteOrSecond() {
    // 1:20:29 and 1:20:30 in hours: a half minute rounds up, as elsewhere.
    #expect(DurationFormat.clock(4829.0 / 3600, unit: .hours) == "1:20")
    #expect(DurationFormat.clock(4830.0 / 3600, unit: .hours) == "1:21")
    #expect(DurationFormat.clock(59.6, unit: .minutes) == "1:00")
    #expect(DurationFormat.clock(44.5, unit: .seconds) == "0:00:45")
  }

  @Test func tooLargeOrNotFiniteIsAPlainNumber() {
    #expect(DurationFormat.clock(9e14, unit: .hours) == "900000000000000")
    #expect(DurationFormat.clock(.nan, unit: .hours) == "nan")
    #expect(DurationFormat.clock(-.infinity, unit: .minutes) == "-inf")
  }

  @Test func aProjectInUnitsOfTimeShowsClocksUnlessItHasDecimals() {
    var project = Project(
      id: ProjectID(rawValue: 1), title: "Writing", units: "hours", frequency: .daily,
      createdAt: Timestamp(secondsSince1970: 0), updatedAt: Timestamp(secondsSince1970: 0))
    #expect(project.clockUnit == .hours)
    #expect(project.shown(4.0 / 3) == "1:20")
    #expect(project.shownWithUnits(4.0 / 3) == "1:20 h")
    project.units = "min"
    // Minutes show as whole minutes, not as a clock of hours.
    #expect(project.shownWithUnits(90) == "90 min")
    #expect(project.shownWithUnits(90.4) == "90 min")
    #expect(project.shownWithUnits(0.5) == "0.5 min")
    project.units = "s"
    #expect(project.shownWithUnits(90) == "0:01:30 h")
    project.units = "min"
    project.decimals = 1
    #expect(project.clockUnit == nil)
    #expect(project.shownWithUnits(90) == "90 min")
    project.decimals = nil
    project.units = "km"
    #expect(project.clockUnit == nil)
    #expect(project.shownWithUnits(1.5) == "1.5 km")
  }
}
