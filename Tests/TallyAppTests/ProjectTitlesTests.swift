import Foundation
import TallyApp
import TallyCore
import Testing

/// The titles completion offers come from the application, whichever backend keeps them.
@Suite struct ProjectTitlesTests {
  private static let now = Timestamp(microsecondsSince1970: 1_763_800_000_000_000)

  private func options(_ path: String, creating: Bool = false) -> SessionOptions {
    SessionOptions(
      location: SessionOptions.location(option: path, environment: ["HOME": "/"]),
      zone: .gmt, creating: creating, readOnly: !creating, clock: { Self.now })
  }

  @Test func theTitlesOfAFileComeInOrder() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-titles-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("tally.sqlite").path
    let session = try Session(options(path, creating: true))
    for title in ["Water", "car", "Bike"] {
      try session.run(.addProject(NewProject(title: title, units: "x", frequency: .daily)))
    }
    #expect(try options(path).projectTitles() == ["Bike", "Water", "car"])
  }

  @Test func aMissingFileHasNoTitlesAndIsNotMade() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-titles-\(UUID().uuidString).sqlite").path
    #expect(try options(path).projectTitles() == [])
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func anotherDatabaseIsReadAsDashDashDbReadsIt() {
    var options = options("/a.sqlite")
    options.useDatabase("~/b.sqlite", environment: ["HOME": "/home/someone"])
    #expect(options.location.path == "/home/someone/b.sqlite")
    options.useDatabase("postgresql://server/tally", environment: [:])
    #expect(options.location.path == "postgresql://server/tally")
  }
}
