import Foundation
import Routing
import TallyCore
import TallyState
import Testing

@testable import TallyREPL

@Suite struct CommandWordsTests {
  @Test func quotesKeepSpacesInAWord() throws {
    #expect(
      try CommandWords.split(#"add 42.5 --note "full tank" 'it''s'"#)
        == ["add", "42.5", "--note", "full tank", "its"])
    #expect(try CommandWords.split(#"a\ b "c\"d""#) == ["a b", "c\"d"])
    #expect(try CommandWords.split(#"note """#) == ["note", ""])
    #expect(try CommandWords.split("  ") == [])
  }

  @Test func anUnclosedQuoteIsNamedWithItsColumn() {
    #expect(throws: CommandWords.UnterminatedQuote(quote: "\"", column: 10)) {
      try CommandWords.split(#"add 1 -n "full"#)
    }
    #expect(CommandWords.splitLeniently(#"open "Fuel co"#) == ["open", "Fuel co"])
  }

  @Test func wordsAreQuotedOnlyWhenTheyNeedIt() {
    #expect(CommandWords.quoted("Mileage") == "Mileage")
    #expect(CommandWords.quoted("Fuel costs") == "\"Fuel costs\"")
    #expect(CommandWords.quoted(#"say "hi""#) == #""say \"hi\"""#)
  }
}

@Suite struct REPLCommandTests {
  let state: AppState
  let mileage = ProjectID(rawValue: 1)
  let spend = ProjectID(rawValue: 2)

  init() {
    let at = Timestamp(microsecondsSince1970: 0)
    func summary(_ id: ProjectID, _ title: String) -> ProjectSummary {
      ProjectSummary(
        project: Project(
          id: id, title: title, units: "", frequency: .monthly, createdAt: at, updatedAt: at),
        readingCount: 0, lastReadingAt: nil)
    }
    state = AppState(
      stored: Snapshot(projects: [summary(mileage, "Mileage"), summary(spend, "Fuel costs")]))
  }

  private func parse(_ line: String, on route: [Route] = [.home]) throws(TallyError)
    -> REPLCommand
  {
    var state = state
    state.navigation = NavigationState(route: route)
    return try REPLCommand.parse(
      (try? CommandWords.split(line)) ?? [], in: state,
      isSubcommand: { ["item", "report", "undo", "import"].contains($0) })
  }

  @Test func openTakesANumberOrATitle() throws {
    // Home numbers projects by title: Fuel costs, then Mileage.
    #expect(try parse("open 1") == .go([.home, .project(spend)]))
    #expect(try parse("open 2") == .go([.home, .project(mileage)]))
    #expect(try parse("open mileage") == .go([.home, .project(mileage)]))
    #expect(try parse(#"open "Fuel costs""#) == .go([.home, .project(spend)]))
    #expect(
      throws: TallyError(
        .notFound, "there is no project number 3",
        hint: "The home screen numbers them 1 to 2.")
    ) { try parse("open 3") }
    #expect(
      throws: TallyError(
        .notFound, "there is no project titled 'Nothing'",
        hint: "`home` lists the projects; Tab completes their titles.")
    ) { try parse("open Nothing") }
    #expect(
      throws: TallyError(
        .invalidInput, "open takes one project: its number or its title",
        hint: #"Quote a title with spaces: open "Fuel costs""#)
    ) { try parse("open Fuel costs") }
  }

  @Test func aGroupOpensItsScreenAndReportsItself() throws {
    let at = Timestamp(microsecondsSince1970: 0)
    func summary(_ id: Int64, _ title: String, _ group: String?) -> ProjectSummary {
      ProjectSummary(
        project: Project(
          id: ProjectID(rawValue: id), title: title, units: "EUR", frequency: .monthly,
          group: group, createdAt: at, updatedAt: at),
        readingCount: 0, lastReadingAt: nil)
    }
    var state = AppState(
      stored: Snapshot(projects: [
        summary(1, "Misc", nil), summary(2, "Spend", "Household"),
        summary(3, "Energy", "Household"),
      ]))
    func parse(_ line: String, on route: [Route]) throws(TallyError) -> REPLCommand {
      state.navigation = NavigationState(route: route)
      return try REPLCommand.parse(
        (try? CommandWords.split(line)) ?? [], in: state,
        isSubcommand: { ["item", "report"].contains($0) })
    }
    // Home numbers the group's projects first; a group opens by its name, ignoring case.
    #expect(try parse("open 3", on: [.home]) == .go([.home, .project(ProjectID(rawValue: 1))]))
    #expect(try parse("open household", on: [.home]) == .go([.home, .group("Household")]))
    let group: [Route] = [.home, .group("Household")]
    // A group's screen numbers its projects by title too: Energy, then Spend.
    #expect(try parse("open 1", on: group) == .go(group + [.project(ProjectID(rawValue: 3))]))
    #expect(
      try parse("report", on: group) == .subcommand(["report", "--group", "Household"]))
    #expect(
      try parse("report --period yearly", on: group)
        == .subcommand(["report", "--group", "Household", "--period", "yearly"]))
    #expect(try parse("report Misc", on: group) == .subcommand(["report", "Misc"]))
    #expect(try parse("report --all", on: group) == .subcommand(["report", "--all"]))
  }

  @Test func goFollowsAPath() throws {
    #expect(try parse("go home/Mileage/report") == .go([.home, .project(mileage), .report]))
    #expect(try parse("go 1") == .go([.home, .project(spend)]))
    #expect(try parse("go home") == .go([.home]))
    #expect(try parse("go help") == .go([.home, .help]))
    do {
      _ = try parse("go home/report")
      Issue.record("a report without a project was taken")
    } catch {
      #expect(error.message.contains("report must follow a project"))
    }
  }

  @Test func onAProjectScreenTheProjectIsImplied() throws {
    let route: [Route] = [.home, .project(mileage)]
    #expect(
      try parse(#"add 42.5 --note "full tank""#, on: route)
        == .subcommand(["item", "add", "Mileage", "42.5", "--note", "full tank"]))
    #expect(try parse("start", on: route) == .subcommand(["timer", "start", "Mileage"]))
    #expect(try parse("stop", on: route) == .subcommand(["timer", "stop", "Mileage"]))
    #expect(
      try parse("report --period yearly", on: route)
        == .subcommand(["report", "Mileage", "--period", "yearly"]))
    #expect(try parse("report", on: route) == .push(.report))
    // Titles or --all after `report` are the subcommand as it is, not two reports of one.
    #expect(
      try parse("report Mileage --format csv", on: route)
        == .subcommand(["report", "Mileage", "--format", "csv"]))
    #expect(try parse("report --all", on: route) == .subcommand(["report", "--all"]))
    #expect(try parse("start Mileage", on: route) == .subcommand(["timer", "start", "Mileage"]))
    #expect(
      try parse("add Mileage 5", on: route) == .subcommand(["item", "add", "Mileage", "5"]))
    #expect(
      try parse("list mileage --format csv", on: route)
        == .subcommand(["item", "list", "mileage", "--format", "csv"]))
    #expect(try parse("edit", on: route) == .push(.editProject))
    #expect(
      try parse("import fuel.csv --skip-invalid", on: route)
        == .subcommand(["import", "fuel.csv", "--skip-invalid", "--project", "Mileage"]))
    #expect(
      try parse("import fuel.csv --project Other", on: route)
        == .subcommand(["import", "fuel.csv", "--project", "Other"]))
    #expect(try parse("import list", on: route) == .subcommand(["import", "list"]))
    #expect(try parse("delete", on: route) == .deleteProject(mileage, confirmed: false))
    #expect(
      try parse("delete #12 --yes", on: route)
        == .deleteReading(ReadingID(rawValue: 12), confirmed: true))
  }

  @Test func subcommandsRunAsTheyAre() throws {
    #expect(
      try parse("report Mileage --period yearly --format markdown")
        == .subcommand(["report", "Mileage", "--period", "yearly", "--format", "markdown"]))
    #expect(try parse("undo") == .subcommand(["undo"]))
    #expect(try parse("help report") == .subcommand(["report", "--help"]))
  }

  @Test func unknownCommandsSayWhatWorks() {
    do {
      _ = try parse("add 12")
      Issue.record("add without a project was taken")
    } catch {
      #expect(error.message == "unknown command 'add'")
      #expect(error.hint?.contains("works on a project's screen") == true)
    }
    #expect(
      throws: TallyError(
        .invalidInput, "period works on a report's screen; `report` opens one")
    ) { try parse("period yearly") }
    #expect(
      throws: TallyError(
        .invalidInput,
        "period takes one of daily, weekly, monthly, quarterly, yearly; not "
          + "'hourly'")
    ) {
      try parse("period hourly", on: [.home, .project(mileage), .report])
    }
    #expect(
      throws: TallyError(
        .invalidInput, "'x' is not a reading id (the #12 of the list)")
    ) { try parse("delete x", on: [.home, .project(mileage)]) }
  }

  @Test func theBreadcrumbNamesEachScreen() {
    #expect(
      RouteAddress.breadcrumb([.home, .project(spend), .report], in: state)
        == ["tally", "Fuel costs", "report"])
    #expect(RouteAddress.breadcrumb([.home, .newProject], in: state) == ["tally", "new project"])
  }
}
