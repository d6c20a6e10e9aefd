import Foundation
import TallyApp
import TallyCommandLine
import TallyCore
import TallyStorage
import Testing

/// Everything a command says goes through its session's ``MessageSink``, in the order it
/// says it: results, status, progress and failures alike.
@Suite struct MessageSinkTests {
  /// What a sink was given, in order.
  enum Message: Equatable {
    case output(String)
    case status(String)
    case progress(Double?)
    case failure(TallyError)
  }

  /// A sink that keeps what it is given.
  final class Recorder {
    var messages: [Message] = []

    var sink: MessageSink {
      MessageSink(
        output: { self.messages.append(.output($0)) },
        status: { self.messages.append(.status($0)) },
        progress: { self.messages.append(.progress($0)) },
        failure: { self.messages.append(.failure($0)) },
        confirm: { _, _ in true })
    }
  }

  private static let now = Timestamp(microsecondsSince1970: 1_763_800_000_000_000)

  private func options(_ path: String, creating: Bool = true) -> SessionOptions {
    SessionOptions(
      location: DatabaseLocation(option: path, environment: [:], homeDirectory: "/"),
      zone: .gmt, creating: creating, clock: { Self.now })
  }

  private func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-sink-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func aMigrationSaysWhatItCopiedThroughTheSink() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("source.sqlite").path
    let target = folder.appendingPathComponent("target.sqlite").path
    let recorder = Recorder()
    let session = try Session(options(source), messages: recorder.sink)
    try session.run(.addProject(NewProject(title: "Car", units: "km", frequency: .monthly)))
    try session.run(.addReading(project: "Car", amount: 12, at: "2025-11-01", note: nil))
    try session.run(.addReading(project: "Car", amount: 30, at: "2025-11-02", note: "full"))
    try StorageMigration.migrate(
      from: options(source, creating: false), to: options(target), messages: recorder.sink)
    #expect(
      recorder.messages == [
        .status("Created project Car"), .status("Added reading 1 to Car: 12 km"),
        .status("Added reading 2 to Car: 30 km"),
        .status(
          "Copied 1 project, 2 readings, 0 imports and 0 running timers; each project's count "
            + "and sum checked"),
      ])
    #expect(try Session(options(target, creating: false)).store.state.stored.projects.count == 1)
  }

  @Test func anImportsProgressStatusAndListingArriveInOrder() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // More than a megabyte, so that the import shows its progress.
    let file = folder.appendingPathComponent("readings.csv")
    var csv = "date,amount,note\n"
    let day: Int64 = 86_400
    let dates = ISO8601DateFormatter()
    for row in 0..<50_000 {
      let date = Date(timeIntervalSince1970: TimeInterval(1_600_000_000 + Int64(row) * day / 24))
      csv += "\(dates.string(from: date)),\(row % 100),n\n"
    }
    #expect(csv.utf8.count > 1 << 20)
    try csv.write(to: file, atomically: true, encoding: .utf8)
    let recorder = Recorder()
    let session = try Session(
      options(folder.appendingPathComponent("t.sqlite").path), messages: recorder.sink)
    try session.run(.addProject(NewProject(title: "Car", units: "km", frequency: .monthly)))
    guard
      case .request(let request) = try CommandLineGrammar.parse([
        "import", file.path, "--project", "Car",
      ])
    else {
      Issue.record("import is not a request")
      return
    }
    try session.run(request)
    try session.run(.listProjects(.csv))
    let kinds = recorder.messages.map { message -> String in
      switch message {
      case .output: "output"
      case .status: "status"
      case .progress(nil): "done"
      case .progress: "progress"
      case .failure: "failure"
      }
    }
    // Created, the bar as rows go in and its end, the import's report, the listing.
    var collapsed: [String] = []
    for kind in kinds where collapsed.last != kind { collapsed.append(kind) }
    #expect(collapsed == ["status", "progress", "done", "status", "output"], "\(kinds)")
  }
}
