import Foundation
import TallyApp
import TallyCommandLine
import TallyCore
import TallyStorage
import TestSupport
import Testing

/// The application's use cases as the front doors run them (words read by the grammar, carried
/// out by a session), on an in-memory database: no file, no binary, no terminal.
@Suite struct UseCaseTests {
  /// A session on an in-memory database, with a clock the test moves and what it said kept.
  final class Desk {
    let session: Session
    private let clock = Clock()
    private let said = Said()

    init() throws {
      let clock = clock
      let said = said
      let options = SessionOptions(
        location: DatabaseLocation(option: "unused.sqlite", environment: [:], homeDirectory: "/"),
        zone: .gmt, clock: { clock.now })
      let sink = MessageSink(
        output: { said.output += $0 }, status: { said.statuses.append($0) }, progress: { _ in },
        failure: { _ in }, confirm: { _, _ in true })
      session = try Session(storage: try TallyDatabase.inMemory(), options: options, messages: sink)
    }

    /// What the session said on standard error, in order.
    var statuses: [String] { said.statuses }

    /// Moves the session's clock on by `seconds`.
    func wait(_ seconds: Int64) {
      clock.now = Timestamp(
        microsecondsSince1970: clock.now.microsecondsSince1970 + seconds * 1_000_000)
    }

    /// Carries out a command line, as `tally WORDS` would.
    ///
    /// - Returns: What it wrote to standard output.
    @discardableResult
    func run(_ words: String...) throws -> String {
      try run(words)
    }

    /// The lines of a CSV the command line wrote, without its header.
    func rows(_ words: String...) throws -> [String] {
      Array(try run(words).split(separator: "\n").dropFirst().map(String.init))
    }

    private func run(_ words: [String]) throws -> String {
      guard case .request(let request) = try CommandLineGrammar.parse(words) else {
        throw TallyError(.invalidInput, "\(words) is not a request")
      }
      said.output = ""
      try session.run(request)
      return said.output
    }
  }

  /// What a session said.
  final class Said {
    var output = ""
    var statuses: [String] = []
  }

  /// The time a session reads, which the test sets: 2025-01-04 14:13:20 UTC to begin with.
  final class Clock: @unchecked Sendable {
    // Unchecked: the test and its session read it on one thread.
    var now = Timestamp(secondsSince1970: 1_736_000_000)
  }

  @Test func readingsAreEditedDeletedAndBroughtBackByUndoAndRedo() throws {
    let desk = try Desk()
    try desk.run("project", "add", "Car", "--units", "km", "--frequency", "monthly")
    try desk.run("item", "add", "Car", "12", "--at", "2025-01-02")
    try desk.run("item", "add", "Car", "30", "--at", "2025-01-03", "--note", "full")
    try desk.run("item", "edit", "1", "--amount", "15")
    try desk.run("item", "delete", "2", "--yes")
    func amounts() throws -> [String] {
      try desk.rows("item", "list", "Car", "--format", "csv").map {
        String($0.split(separator: ",")[2])
      }
    }
    #expect(try amounts() == ["15"])
    try desk.run("undo")
    #expect(try amounts() == ["15", "30"])
    try desk.run("undo")
    #expect(try amounts() == ["12", "30"])
    try desk.run("redo")
    try desk.run("redo")
    #expect(try amounts() == ["15"])
    #expect(desk.statuses.contains { $0.hasPrefix("Undid") })
  }

  @Test func aRefusedRequestSaysWhyAndChangesNothing() throws {
    let desk = try Desk()
    try desk.run(
      "project", "add", "Car", "--units", "km", "--frequency", "monthly", "--kind", "meter")
    try desk.run("item", "add", "Car", "100", "--at", "2025-01-02")
    let before = desk.session.store.state.stored
    let refusal = #expect(throws: TallyError.self) {
      try desk.run("item", "add", "Car", "90", "--at", "2025-01-03")
    }
    #expect(refusal?.message.contains("90") == true, "\(String(describing: refusal))")
    let unknown = #expect(throws: TallyError.self) { try desk.run("item", "add", "Bus", "1") }
    #expect(unknown?.kind == .notFound)
    #expect(desk.session.store.state.stored == before)
  }

  @Test func aReportSumsEachMonth() throws {
    let desk = try Desk()
    try desk.run("project", "add", "Spend", "--frequency", "monthly")
    for (amount, day) in [("10", "2024-11-03"), ("2.5", "2024-11-30"), ("4", "2024-12-01")] {
      try desk.run("item", "add", "Spend", amount, "--at", day)
    }
    let rows = try desk.rows(
      "report", "Spend", "--period", "monthly", "--format", "csv", "--from", "2024-11-01",
      "--to", "2025-01-01")
    #expect(rows.count == 2, "\(rows)")
    #expect(rows.first?.contains("2024-11") == true && rows.first?.contains(",2,12.5,") == true)
    #expect(rows.last?.contains("2024-12") == true && rows.last?.contains(",1,4,") == true)
  }

  @Test func aTimersElapsedTimeBecomesAReading() throws {
    let desk = try Desk()
    try desk.run("project", "add", "Writing", "--frequency", "daily", "--units", "min")
    try desk.run("timer", "start", "Writing", "--note", "chapter 2")
    desk.wait(25 * 60)
    #expect(try desk.rows("timer", "status", "--format", "csv").count == 1)
    try desk.run("timer", "stop", "Writing")
    #expect(try desk.rows("timer", "status", "--format", "csv").isEmpty)
    let readings = try desk.rows("item", "list", "Writing", "--format", "csv")
    #expect(readings.count == 1)
    #expect(readings.first?.contains(",25,chapter 2") == true, "\(readings)")
  }

  @Test func aWholeExportComesBackIntoAnotherDatabase() throws {
    let folder = try TemporaryFolder()
    let desk = try Desk()
    try desk.run("project", "add", "Car", "--units", "km", "--frequency", "monthly")
    try desk.run("project", "add", "Spend", "--frequency", "daily", "--group", "Home")
    try desk.run("item", "add", "Car", "42.5", "--at", "2025-01-02", "--note", "full, \"tank\"")
    try desk.run("item", "add", "Spend", "-12.5", "--at", "2025-01-03", "--tag", "food")
    let readings = try desk.run("export", "--projects", folder.path("projects.csv"))
    try readings.write(toFile: folder.path("all.csv"), atomically: true, encoding: .utf8)

    let other = try Desk()
    try other.run("import", folder.path("all.csv"), "--projects", folder.path("projects.csv"))
    #expect(try other.run("export") == readings)
    let settings = try other.run("project", "list", "--format", "csv")
    #expect(settings == (try desk.run("project", "list", "--format", "csv")))
    // The import is undone as one, with the projects it made.
    try other.run("undo")
    #expect(try other.rows("project", "list", "--format", "csv").isEmpty)
  }

  @Test func aDryRunImportWritesNothingAndAnImportIsUndoneWhole() throws {
    let folder = try TemporaryFolder()
    let file = folder.path("fuel.csv")
    try "date,amount,note\n2025-01-02,40,a\n2025-01-09,38.5,b\n".write(
      toFile: file, atomically: true, encoding: .utf8)
    let desk = try Desk()
    try desk.run("project", "add", "Fuel", "--units", "l", "--frequency", "weekly")
    try desk.run("import", file, "--project", "Fuel", "--dry-run")
    #expect(try desk.rows("item", "list", "Fuel", "--format", "csv").isEmpty)
    #expect(desk.statuses.last?.contains("nothing was written") == true)
    try desk.run("import", file, "--project", "Fuel")
    #expect(try desk.rows("item", "list", "Fuel", "--format", "csv").count == 2)
    let imports = try desk.rows("import", "list", "--format", "csv")
    #expect(imports.count == 1)
    let batch = try #require(imports.first?.split(separator: ",").first.map(String.init))
    try desk.run("import", "undo", batch)
    #expect(try desk.rows("item", "list", "Fuel", "--format", "csv").isEmpty)
    // The same file again is refused only while the first import stands.
    try desk.run("import", file, "--project", "Fuel")
    #expect(try desk.rows("item", "list", "Fuel", "--format", "csv").count == 2)
  }
}
