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

  @Test func aWriterMayAddReadingsButNotChangeSettings() throws {
    let (ana, bob) = try team()
    let project = try ana.addProject("Hours", at: clock.now())
    #expect(try ana.share(project, with: "bob", level: .write) == .write)
    let now = clock.now()
    _ = try bob.perform(
      .addReading(NewReading(projectID: project, amount: 2, timestamp: now), at: now),
      openProject: nil)
    let error = #expect(throws: TallyError.self) {
      try bob.perform(
        .editProject(project, ProjectEdit(units: "min"), at: clock.now()), openProject: nil)
    }
    #expect(error?.kind == .forbidden)
    #expect(error?.message.contains("only an owner of 'Hours'") == true)
    #expect(try ana.snapshot(openProject: nil).projects.first?.project.units == "")
    #expect(try ana.snapshot(openProject: project).openProject?.readings.map(\.amount) == [2])
  }
}

extension PostgresStorage {
  /// Adds a daily project titled `title`.
  ///
  /// - Returns: Its id.
  fileprivate func addProject(_ title: String, at: Timestamp) throws -> ProjectID {
    let commit = try perform(
      .addProject(NewProject(title: title, frequency: .daily), at: at), openProject: nil)
    return try #require(commit.snapshot.projects.first { $0.project.title == title }?.id)
  }
}
