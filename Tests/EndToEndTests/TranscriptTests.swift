import Foundation
import Testing

/// Whole REPL sessions: each script in `Tests/Transcripts` runs through `tally repl --script`
/// on a fresh database at a fixed time, and what it writes (standard output and error in the
/// order written) must equal the `.expected` file beside it, whose last line is the exit code.
///
/// `TALLY_RECORD_TRANSCRIPTS=1 swift test --filter TranscriptTests` writes the expected files
/// anew; read their diff before committing it.
@Suite struct TranscriptTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let folder = repository.appendingPathComponent("Tests/Transcripts")

  static let scripts: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".txt") }.sorted()
  }()

  @Test func thereAreTranscripts() {
    #expect(Self.scripts.contains("session.txt"))
  }

  @Test(arguments: scripts) func transcript(_ name: String) throws {
    let sandbox = try Sandbox()
    var environment = sandbox.environment
    environment["TALLY_NOW"] = "2024-02-14T09:00:00Z"
    let script = Self.folder.appendingPathComponent(name)
    let result = try sandbox.tally.run(
      ["repl", "--script", "Tests/Transcripts/" + name], environment: environment,
      in: Self.repository, mergingOutput: true)
    let actual = result.stdout + "[exit \(result.status)]\n"
    let expectedFile = script.deletingPathExtension().appendingPathExtension("expected")
    if ProcessInfo.processInfo.environment["TALLY_RECORD_TRANSCRIPTS"] == "1" {
      try actual.write(to: expectedFile, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: expectedFile, encoding: .utf8)
    #expect(actual == expected, "\(name): the session's output differs from the transcript")
  }

  @Test func theSampleSessionIsATranscript() throws {
    let sample = try String(
      contentsOf: Self.repository.appendingPathComponent("samples/session.txt"), encoding: .utf8)
    let transcript = try String(
      contentsOf: Self.folder.appendingPathComponent("session.txt"), encoding: .utf8)
    #expect(sample == transcript)
  }
}
