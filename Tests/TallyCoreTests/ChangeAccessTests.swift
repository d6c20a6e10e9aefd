import TallyCore
import Testing

/// The access each change asks for on a shared server: settings and deletion need an owner,
/// readings, timers and imports a writer, a new project nobody.
@Suite struct ChangeAccessTests {
  let project = Project(
    id: ProjectID(rawValue: 1), title: "Hours", units: "h", frequency: .weekly,
    createdAt: Timestamp(secondsSince1970: 0), updatedAt: Timestamp(secondsSince1970: 0))

  private func reading(_ id: Int64, in project: Int64) -> Reading {
    Reading(
      id: ReadingID(rawValue: id), projectID: ProjectID(rawValue: project), amount: 1,
      timestamp: Timestamp(secondsSince1970: 10), note: nil)
  }

  @Test func eachChangeAsksForTheLevelItNeeds() {
    var touched = project
    touched.updatedAt = Timestamp(secondsSince1970: 99)
    var renamed = project
    renamed.title = "Time"
    let one = ProjectID(rawValue: 1)
    let two = ProjectID(rawValue: 2)
    #expect(Change.insertProject(project).requiredAccess.isEmpty)
    #expect(Change.deleteProject(project).requiredAccess == [one: .owner])
    #expect(Change.updateProject(before: project, after: touched).requiredAccess == [one: .write])
    #expect(Change.updateProject(before: project, after: renamed).requiredAccess == [one: .owner])
    #expect(Change.insertReadings([reading(1, in: 1)]).requiredAccess == [one: .write])
    // Moving a reading between projects writes both.
    #expect(
      Change.updateReading(before: reading(1, in: 1), after: reading(1, in: 2)).requiredAccess
        == [one: .write, two: .write])
    // A batch asks for the most any of its changes asks for.
    #expect(
      Change.batch([.insertReadings([reading(1, in: 1)]), .deleteProject(project)])
        .requiredAccess == [one: .owner])
  }

  @Test func levelsAreOrdered() {
    #expect(AccessLevel.read < .write && AccessLevel.write < .owner)
    #expect(AccessLevel.allCases.map(\.rank) == [1, 2, 3])
  }
}
