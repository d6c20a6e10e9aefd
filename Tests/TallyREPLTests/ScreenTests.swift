import Foundation
import Routing
import TallyCore
import TallyReports
import Testing

@testable import TallyREPL

@Suite struct ScreenTests {
  @Test func homeListsProjectsByTitleAndNumbersThem() throws {
    let repl = try REPLHarness()
    try repl.addProject("Mileage", units: "km")
    try repl.addProject("Spend", units: "€", frequency: .daily)
    repl.run()
    let lines = repl.output.split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix("#  TITLE"))
    #expect(lines[2].hasPrefix("1  Mileage  km     monthly"))
    #expect(lines[3].hasPrefix("2  Spend    €      daily"))
  }

  @Test func anEmptyHomeSaysHowToStart() throws {
    let repl = try REPLHarness()
    repl.run()
    #expect(repl.output.contains("No projects yet. `new` creates one"))
  }

  @Test func openingAProjectShowsItsReadingsInSections() throws {
    let repl = try REPLHarness()
    try repl.addProject("Mileage", units: "km")
    #expect(repl.run("open 1", "add 42.5 --note \"full tank\"", "add 7"))
    #expect(repl.prompt == "tally › Mileage › ")
    repl.clear()
    #expect(repl.run("back", "open Mileage"))
    #expect(repl.output.contains("Mileage · km · monthly · 2 readings, latest 2025-11-22 08:26"))
    #expect(repl.output.contains("2025-11 · 2 readings · 49.5 km"))
    #expect(repl.output.contains("#1  2025-11-22 08:26:40  42.5 km  full tank"))
  }

  @Test func aChangePrintsOnlyWhatChanged() throws {
    let repl = try REPLHarness()
    try repl.addProject("Mileage", units: "km")
    repl.run("open Mileage")
    repl.clear()
    repl.run("add 12")
    #expect(repl.store.state.project(titled: "Mileage")?.readingCount == 1)
    #expect(
      repl.output == """
        Mileage · km · monthly · 1 reading, latest 2025-11-22 08:26:40
        + #1  2025-11-22 08:26:40  12 km

        """)
    repl.clear()
    repl.run("delete 1 --yes")
    #expect(repl.output.contains("- #1  2025-11-22 08:26:40  12 km"))
    #expect(!repl.output.contains("ID  TIME"))
    repl.clear()
    repl.run("undo")
    #expect(repl.store.state.project(titled: "Mileage")?.readingCount == 1)
  }

  @Test func homeReportsAddedAndDeletedProjects() throws {
    let repl = try REPLHarness()
    try repl.addProject("Mileage")
    repl.run()
    repl.clear()
    try repl.addProject("Spend")
    repl.run()
    #expect(repl.output == "+ 2  Spend  monthly  0  due\n")
    repl.clear()
    let spend = try #require(repl.store.state.project(titled: "Spend"))
    try repl.store.perform(.deleteProject(spend.id, at: REPLHarness.now))
    repl.run()
    #expect(repl.output == "- Spend\n")
  }

  @Test func homeReportsATimerStartedAsAChangedRow() throws {
    let repl = try REPLHarness()
    let id = try repl.addProject("Writing", units: "h")
    repl.run()
    repl.clear()
    try repl.store.perform(.startTimer(id, at: REPLHarness.now))
    repl.run()
    #expect(repl.output.contains("~ 1  Writing  h  monthly  0  2025-11-22 08:26:40"))
  }

  @Test func aProjectsDecimalsHoldOnItsScreen() throws {
    let repl = try REPLHarness()
    let id = try repl.addProject("Mileage", units: "km")
    try repl.store.perform(
      .editProject(id, ProjectEdit(decimals: .set(0)), at: REPLHarness.now))
    try repl.store.perform(
      .addReading(
        NewReading(projectID: id, amount: 12.345, timestamp: REPLHarness.now), at: REPLHarness.now))
    #expect(repl.run("open Mileage"))
    #expect(repl.output.contains("  12 km"), "\(repl.output)")
    #expect(!repl.output.contains("12.345"), "\(repl.output)")
  }

  @Test func deletingTheOpenProjectGoesHome() throws {
    let repl = try REPLHarness()
    try repl.addProject("Mileage")
    #expect(repl.run("open Mileage", "delete --yes"))
    #expect(repl.store.state.navigation.route == [.home])
    #expect(repl.messages.contains("Deleted project Mileage"))
  }

  @Test func aScriptMustConfirmDeletesWithYes() throws {
    let repl = try REPLHarness()
    try repl.addProject("Mileage")
    #expect(!repl.run("open Mileage", "delete"))
    #expect(
      repl.messages.contains(
        "Error: stdin:2: not deleting 'Mileage' without --yes: a script confirms with --yes"))
    #expect(repl.store.state.project(titled: "Mileage") != nil)
  }

  @Test func aTerminalAsksBeforeDeleting() throws {
    let repl = try REPLHarness(interactive: true)
    try repl.addProject("Mileage")
    repl.run("open Mileage", "delete", "n")
    #expect(repl.reader.prompts.contains("Delete project Mileage and its 0 readings? [y/N] "))
    #expect(repl.store.state.project(titled: "Mileage") != nil)
    repl.run("open Mileage", "delete", "y")
    #expect(repl.store.state.project(titled: "Mileage") == nil)
  }

  /// At 80 columns a gauge's every figure, with the running week `in progress`, is wider than
  /// the terminal: the screen leaves out the figures read least, never the goal or whether it
  /// was met, and never draws ten-line records, which no screen of 24 lines holds.
  @Test func theReportScreenLeavesOutFiguresRatherThanDrawingRecords() throws {
    let repl = try REPLHarness(width: 80)
    try repl.store.perform(
      .addProject(
        NewProject(
          title: "Weight", units: "kg", frequency: .weekly, kind: .gauge,
          goal: Goal(amount: 80, per: .weekly, direction: .atMost)),
        at: REPLHarness.now))
    repl.run(
      "open Weight", "add 81.5 --at 2025-11-03", "add 88.5 --at 2025-11-10",
      "add 85.5 --at 2025-11-17", "add 84 --at 2025-11-21", "report")
    let screen = String(try #require(repl.output.components(separatedBy: "Weight (kg), ").last))
    #expect(!screen.contains("RECORD"), "\(screen)")
    #expect(
      screen.contains(
        "PERIOD    COUNT  FIRST  LAST  CHANGE   MIN   MAX  GOAL  PROGRESS          MET\n"),
      "\(screen)")
    #expect(
      screen.contains(
        "2025-W47      2   85.5    84    -4.5    84  85.5    80      105%  in progress"),
      "\(screen)")
    for line in screen.split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
    // Narrower, more go; the goal and whether it was met stay while anything else can go.
    repl.width = 50
    repl.run("period monthly")
    repl.clear()
    repl.run("period weekly")
    #expect(repl.output.contains("PERIOD    COUNT  LAST  GOAL  PROGRESS          MET\n"))
  }

  /// The trend line draws the latest periods; when none of them has a reading it is left out,
  /// not drawn as a label over nothing.
  @Test func aTrendOfNoFigureIsLeftOut() throws {
    let unit = Project(
      id: ProjectID(rawValue: 1), title: "Run", units: "km", frequency: .daily,
      createdAt: REPLHarness.now, updatedAt: REPLHarness.now)
    #expect(Rows.trend([nil, nil, nil], of: unit, width: 80, glyphs: .unicode) == nil)
    #expect(Rows.trend([nil, 5, nil], of: unit, width: 80, glyphs: .unicode) != nil)
    let repl = try REPLHarness(width: 80)
    try repl.addProject("Run", units: "km", frequency: .daily)
    repl.run("open Run", "add 5 --at 2020-01-01", "back", "open Run")
    #expect(repl.output.contains("#1  2020-01-01 00:00"))
    #expect(!repl.output.contains("Trend"), "\(repl.output)")
  }

  /// `report` on the report's screen is the whole report by the screen's period, as its last
  /// line offers; it used to be refused for want of a project's title.
  @Test func reportOnTheReportScreenIsTheWholeReport() throws {
    let repl = try REPLHarness()
    try repl.addProject("Mileage", units: "km")
    repl.run("open Mileage", "add 10", "report", "period yearly")
    repl.clear()
    #expect(repl.run("report"))
    #expect(repl.messages.isEmpty, "\(repl.messages)")
    // Off a terminal, the report is the shell's CSV.
    #expect(repl.output.contains("Mileage,2025,1,10,10,10,10"), "\(repl.output)")
    #expect(repl.prompt == "tally › Mileage › report › ")
  }

  /// A long note is cut to fit the terminal; the reading's tags, in a column of their own,
  /// stay in sight.
  @Test func tagsStayInSightWhenALongNoteIsCut() throws {
    let repl = try REPLHarness(width: 60)
    try repl.addProject("Writing", units: "h", frequency: .daily)
    let note = String(repeating: "a very long note ", count: 6)
    repl.run("open Writing", "add 1 --note '\(note)' --tag draft,review", "back", "open Writing")
    let screen = String(try #require(repl.output.components(separatedBy: "Writing · ").last))
    #expect(screen.contains("TAGS"), "\(screen)")
    #expect(screen.contains("#draft #review  a very lon"), "\(screen)")
    #expect(screen.contains("…"), "\(screen)")
    for line in screen.split(separator: "\n") {
      #expect(DisplayWidth.of(String(line)) <= 60, "\(line)")
    }
  }

  /// `go` to the screen shown draws it again, at the terminal's width now.
  @Test func goToTheScreenShownDrawsItAgain() throws {
    let repl = try REPLHarness(width: 80)
    try repl.addProject("Mileage", units: "km")
    repl.run("open Mileage", "add 10", "report")
    repl.clear()
    repl.width = 60
    #expect(repl.run("go home/Mileage/report"))
    #expect(repl.output.contains("Mileage (km), monthly"), "\(repl.output)")
    #expect(repl.prompt == "tally › Mileage › report › ")
  }

  @Test func theReportScreenFollowsThePeriod() throws {
    let repl = try REPLHarness()
    try repl.addProject("Mileage", units: "km")
    repl.run("open Mileage", "add 10", "add 5", "report")
    #expect(repl.prompt == "tally › Mileage › report › ")
    #expect(repl.output.contains("Mileage (km), monthly, 2025-11"))
    repl.clear()
    repl.run("period yearly")
    #expect(repl.output.contains("Mileage (km), yearly, 2025"))
    #expect(repl.output.contains("total       2   15    5   10   7.5"))
    repl.clear()
    repl.run("weekly")
    #expect(repl.output.contains("Mileage (km), weekly, 2025-W47"))
  }

  @Test func tablesFitTheTerminal() throws {
    let repl = try REPLHarness(width: 64)
    try repl.addProject("A project with a very long title indeed", units: "km")
    repl.run()
    let widest = repl.output.split(separator: "\n").map(\.count).max() ?? 0
    #expect(widest <= 64)
    #expect(repl.output.contains("…"))
  }

  @Test func tablesFollowATerminalThatIsResized() throws {
    let repl = try REPLHarness(width: 200)
    try repl.addProject("A project with a very long title indeed", units: "km")
    repl.run()
    #expect(repl.output.contains("A project with a very long title indeed"))
    repl.clear()
    repl.width = 64
    repl.run("help", "back")
    #expect(!repl.output.contains("A project with a very long title indeed"))
    #expect(repl.output.contains("…"))
  }

  @Test func helpListsCommandsAndSubcommands() throws {
    let repl = try REPLHarness()
    repl.run("help")
    #expect(repl.prompt == "tally › help › ")
    #expect(repl.output.contains("open N|TITLE"))
    #expect(
      repl.output.contains(
        "  report              Figures of readings per day, week, month, quarter or year."),
      "\(repl.output)")
  }

  @Test func ctrlDGoesBackOneScreenThenQuits() throws {
    let repl = try REPLHarness(interactive: true)
    try repl.addProject("Mileage")
    repl.reader.lines = ["open Mileage", "report"]
    #expect(repl.repl.run())
    #expect(repl.store.state.navigation.route == [.home])
    #expect(
      repl.reader.prompts.suffix(3) == [
        "tally › Mileage › report › ", "tally › Mileage › ", "tally › ",
      ])
  }

  @Test func ctrlCAbandonsTheLine() throws {
    let repl = try REPLHarness(interactive: true)
    #expect(repl.run("^C", "help"))
    #expect(repl.reader.remembered == ["help"])
  }
}

extension REPLHarness {
  var prompt: String { repl.prompt() }
}

/// Help at any width: every line fits, and an item's words carried over stay under it, never
/// at the left edge among the headings.
@Suite struct HelpWrapTests {
  @Test(arguments: [40, 50, 60, 80, 100]) func helpsItemsWrapUnderThemselves(width: Int) {
    let text = TextWrap.wrap(HelpScreen.text(catalog: REPLHarness.catalog), width: width)
    var previous = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      #expect(DisplayWidth.of(line) <= width, "\(line)")
      // A line at the left edge is a heading or a heading carried over, never the words of
      // an item (indented) carried over.
      if line.first.map({ $0 != " " }) == true {
        #expect(!previous.hasPrefix(" "), "at \(width): \(previous) / \(line)")
      }
      previous = line
    }
    #expect(text.contains("--tag TAGS); `cancel`") || text.contains("`cancel` records"))
  }
}
