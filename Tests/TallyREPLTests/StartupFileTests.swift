import Foundation
import TallyCore
import TallyState
import Testing

@testable import TallyREPL

@Suite struct StartupFileTests {
  @Test func itLivesInTheConfigFolder() {
    #expect(
      StartupFile.path(environment: ["XDG_CONFIG_HOME": "/c"], homeDirectory: "/h")
        == "/c/tally/tallyrc")
    #expect(StartupFile.path(environment: [:], homeDirectory: "/h") == "/h/.config/tally/tallyrc")
    #expect(
      StartupFile.path(environment: ["XDG_CONFIG_HOME": ""], homeDirectory: "/h")
        == "/h/.config/tally/tallyrc")
  }

  @Test func blankLinesAndCommentsAreSkippedAndLinesKeepTheirNumbers() {
    let file = StartupFile(name: "rc", lines: ["# mine", "", "view records", "  ", "pager off"])
    #expect(file.commands.map(\.number) == [3, 5])
    #expect(file.commands.map(\.text) == ["view records", "pager off"])
  }

  @Test func aMissingFileIsNoFileAndAFolderIsRefused() throws {
    #expect(try StartupFile.load(path: "/nonexistent/tally/tallyrc") == nil)
    #expect(throws: TallyError.self) { try StartupFile.load(path: "/tmp") }
  }

  @Test func itIsReadAsLines() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tallyrc-\(UUID().uuidString)"
    ).path
    try "view records\r\n# note\npager off\n".write(
      toFile: path, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try #require(try StartupFile.load(path: path))
    #expect(file.commands.map(\.text) == ["view records", "pager off"])
    #expect(file.name == path)
  }
}

@Suite struct StartupFileRunTests {
  @Test func itsLinesRunBeforeTheFirstPromptAndAnErrorNamesFileAndLine() throws {
    let file = StartupFile(
      name: "/home/me/.config/tally/tallyrc",
      lines: ["# display", "view records", "bogus", "pager off"])
    let repl = try REPLHarness(interactive: true, startupFile: file)
    #expect(repl.run())
    #expect(repl.store.state.display.layout == .records)
    #expect(repl.store.state.display.pager == false)
    #expect(
      repl.messages.contains("Error: /home/me/.config/tally/tallyrc:3: unknown command 'bogus'"),
      "\(repl.messages)")
    // Its lines are not typed ones: they stay out of the history.
    #expect(repl.reader.remembered.isEmpty)
  }
}
