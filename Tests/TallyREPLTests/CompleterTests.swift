import Foundation
import Routing
import TallyCore
import Testing

@testable import TallyREPL

@Suite struct CompleterTests {
  private func complete(
    _ before: String, _ word: String, quote: Character? = nil, on route: [Route] = [.home],
    screen: [String] = []
  ) throws -> CompletionResult {
    let repl = try REPLHarness()
    try repl.addProject("Mileage")
    try repl.addProject("Fuel costs")
    var state = repl.store.state
    state.navigation = NavigationState(route: route)
    return Completer(catalog: REPLHarness.catalog, state: state, screenCommands: screen)
      .complete(CompletionRequest(before: before, word: word, quote: quote))
  }

  @Test func theFirstWordIsACommandOfTheScreen() throws {
    #expect(try complete("", "o").candidates == ["open"])
    let re = try complete("", "re").candidates
    #expect(re == ["redo", "report"], "\(re)")
    #expect(try complete("", "st", screen: ["start", "stop"]).candidates == ["start", "stop"])
    #expect(try complete("", "st").candidates == [])
  }

  @Test func titlesAreQuotedWhenTheyHoldSpaces() throws {
    #expect(try complete("open ", "fu").candidates == [#""Fuel costs""#])
    #expect(try complete("open ", "Fu", quote: "\"").candidates == ["Fuel costs"])
    #expect(try complete("item add ", "").candidates == [#""Fuel costs""#, "Mileage"])
    #expect(try complete("report Mileage ", "F").candidates == [#""Fuel costs""#])
  }

  @Test func subcommandsOptionsAndTheirValues() throws {
    let project = try complete("project ", "").candidates
    #expect(project == ["add", "delete", "edit", "list"], "\(project)")
    #expect(
      try complete("project add Car --frequency ", "").candidates == [
        "daily", "monthly", "quarterly", "weekly", "yearly",
      ])
    #expect(try complete("report Mileage --period ", "q").candidates == ["quarterly"])
    let f = try complete("report Mileage ", "--f").candidates
    #expect(f == ["--forecast", "--format", "--from"], "\(f)")
    #expect(try complete("report Mileage ", "--d").candidates == [])
  }

  @Test func filesAfterImport() throws {
    #expect(try complete("import file ", "").completesFiles)
    #expect(!(try complete("import file data.csv --project ", "").completesFiles))
    #expect(try complete("import ", "li").candidates == ["list"])
    #expect(try complete("import ", "samples/").completesFiles)
    #expect(
      try complete("import data.csv ", "--p").candidates == [
        "--project", "--project-column", "--projects",
      ])
  }

  @Test func shortcutsOnAProjectScreenCompleteLikeTheirSubcommands() throws {
    let route: [Route] = [.home, .project(ProjectID(rawValue: 1))]
    #expect(try complete("add 12 ", "--n", on: route).candidates == ["--note"])
    #expect(try complete("report ", "--p", on: route).candidates == ["--period"])
  }

  @Test func unicodeTitlesCompleteAndQuotesInTitlesAreEscaped() throws {
    let repl = try REPLHarness()
    try repl.addProject("Café ☕")
    try repl.addProject(#"The "big" one"#)
    try repl.addProject("Fuel/Gas")
    let state = repl.store.state
    func complete(_ before: String, _ word: String) -> [String] {
      Completer(catalog: REPLHarness.catalog, state: state, screenCommands: [])
        .complete(CompletionRequest(before: before, word: word)).candidates
    }
    #expect(complete("open ", "caf") == [#""Café ☕""#])
    #expect(complete("open ", "The") == [#""The \"big\" one""#])
    #expect(try CommandWords.split(#"open "The \"big\" one""#) == ["open", #"The "big" one"#])
    #expect(complete("go ", "home/F") == [])
  }

  @Test func goCompletesPaths() throws {
    #expect(try complete("go ", "home/M").candidates == ["home/Mileage", "home/Mileage/report"])
  }
}
