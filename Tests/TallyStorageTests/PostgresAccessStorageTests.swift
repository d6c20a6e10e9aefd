import Foundation
import TallyCore
import TallyPostgres
import TestSupport
import Testing

/// Access per project through the storage API: the people are login roles the policies bind,
/// in a database set up for a team.
@Suite(
  .enabled(
    if: PostgresTestServer.address != nil, Comment(rawValue: PostgresTestServer.skipReason)))
struct PostgresAccessStorageTests {
  let clock = TestClock()

  /// ana and bob, each logged in as themselves, in a new team database.
  private func team() throws -> (ana: PostgresStorage, bob: PostgresStorage) {
    let database = try PostgresTestServer.newDatabase()
    let group = "team_" + UUID().uuidString.prefix(8).lowercased()
    let admin = try PostgresStorage.open(database)
    _ = try PostgresTestServer.person("ana")
    _ = try PostgresTestServer.person("bob")
    let setup = try admin.setUpTeam(group: group, members: ["ana", "bob"])
    #expect(setup.createdGroup && setup.members == ["ana", "bob"])
    return (
      try PostgresStorage.open(try PostgresTestServer.person("ana", in: database)),
      try PostgresStorage.open(try PostgresTestServer.person("bob", in: database))
    )
  }

  @Test func thePersonIsTheRoleLoggedIn() throws {
    let (ana, bob) = try team()
    #expect(ana.user == "ana" && bob.user == "bob")
  }

  @Test func aShareOrUnshareIsAChangeTheOtherPersonsWatchSees() throws {
    let (ana, bob) = try team()
    let project = try ana.addProject("Hours", at: clock.now())
    let before = try bob.dataVersion()
    #expect(try bob.snapshot(openProject: nil).projects.isEmpty)
    #expect(try ana.share(project, with: "bob", level: .read) == .read)
    let shared = try bob.dataVersion()
    #expect(shared != before)
    #expect(try bob.snapshot(openProject: nil).projects.map(\.project.title) == ["Hours"])
    #expect(
      try ana.access(to: project)
        == [ProjectAccess(role: "ana", level: .owner), ProjectAccess(role: "bob", level: .read)])
    try ana.unshare(project, from: "bob")
    #expect(try bob.dataVersion() != shared)
    #expect(try bob.snapshot(openProject: nil).projects.isEmpty)
  }

  @Test func aWriterMayNotChangeSettingsEvenThroughTheStore() throws {
    let (ana, bob) = try team()
    let project = try ana.addProject("Hours", at: clock.now())
    #expect(try ana.share(project, with: "bob", level: .write) == .write)
    let store = try makeStore(bob)
    let now = clock.now()
    #expect(
      store.request(
        .addReading(NewReading(projectID: project, amount: 2, timestamp: now), at: now)) == nil)
    let error = store.request(
      .editProject(project, ProjectEdit(units: "min"), at: clock.now()))
    #expect(error?.kind == .forbidden)
    #expect(error?.message.contains("only an owner of 'Hours'") == true)
    #expect(try ana.snapshot(openProject: nil).projects.first?.project.units == "")
  }
}
