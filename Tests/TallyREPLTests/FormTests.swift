import Foundation
import Routing
import TallyApp
import TallyCommandLine
import TallyCore
import TallyState
import Testing

@testable import TallyREPL

@Suite struct FormTests {
  @Test func aNewProjectIsAskedForFieldByField() throws {
    let repl = try REPLHarness()
    #expect(repl.run("new", "Mileage", "km", "", "", "", "", ""))
    let project = try #require(repl.store.state.project(titled: "Mileage"))
    #expect(project.project.units == "km")
    #expect(project.project.frequency == .monthly)
    #expect(repl.store.state.navigation.route == [.home])
    #expect(repl.messages.contains("Created project Mileage"))
  }

  @Test func theFormPromptShowsTheFieldAndItsDefault() throws {
    let repl = try REPLHarness()
    repl.run("new", "Mileage", "km")
    #expect(repl.store.state.navigation.route == [.home, .newProject])
    #expect(
      repl.prompt
        == "tally › new project › frequency (daily, weekly, monthly, quarterly, yearly) [monthly]: "
    )
  }

  @Test func aWrongValueIsAskedForAgain() throws {
    let repl = try REPLHarness()
    #expect(!repl.run("new", "Mileage", "", "fortnightly"))
    #expect(
      repl.messages.contains(
        "frequency: The value 'fortnightly' is invalid for '--frequency <frequency>'"))
    #expect(repl.store.state.project(titled: "Mileage") == nil)
    #expect(repl.run("daily", "", "", "", ""))
    #expect(repl.store.state.project(titled: "Mileage")?.project.frequency == .daily)
  }

  @Test func aRequiredFieldCannotBeLeftEmpty() throws {
    let repl = try REPLHarness()
    #expect(!repl.run("new", ""))
    #expect(repl.messages.contains("Error: stdin:2: the title is required"))
  }

  @Test func cancellingChangesNothing() throws {
    let repl = try REPLHarness()
    repl.run("new", "Mileage", ":cancel")
    #expect(repl.store.state.stored.projects.isEmpty)
    #expect(repl.store.state.navigation.route == [.home])
    #expect(repl.messages.contains("Cancelled."))
  }

  @Test func ctrlDCancelsAFormOnATerminal() throws {
    let repl = try REPLHarness(interactive: true)
    repl.run("new", "Mileage")
    #expect(repl.store.state.stored.projects.isEmpty)
    #expect(repl.messages.contains("Cancelled."))
  }

  @Test func aRefusedRequestAsksAPersonAgainWithTheAnswersAsDefaults() throws {
    let repl = try REPLHarness(interactive: true)
    try repl.addProject("Mileage")
    #expect(
      repl.run(
        "new", "mileage", "km", "daily", "", "", "", "", "Fuel", "", "", "", "", "", ""))
    #expect(repl.messages.contains("Error: a project titled"))
    #expect(repl.reader.prompts.contains("tally › new project › title [mileage]: "))
    #expect(repl.store.state.project(titled: "Fuel")?.project.units == "km")
    #expect(repl.store.state.project(titled: "Fuel")?.project.frequency == .daily)
  }

  @Test func aScriptLeavesAFormWhoseRequestIsRefused() throws {
    let repl = try REPLHarness()
    try repl.addProject("Mileage")
    // The lines after the refused form are commands, not a second round of answers.
    #expect(
      !repl.run(
        "new", "mileage", "km", "daily", "", "", "", "", "new", "Fuel", "l", "daily", "", "", "",
        ""))
    #expect(repl.messages.contains("Error: stdin:8: a project titled"))
    #expect(repl.store.state.project(titled: "Fuel")?.project.units == "l")
    #expect(repl.store.state.navigation.route == [.home])
  }

  @Test func aScriptThatEndsInsideAFormFails() throws {
    let repl = try REPLHarness()
    #expect(!repl.run("new", "Mileage"))
    #expect(
      repl.messages.contains(
        "Error: stdin:2: the script ended inside the form 'New project'; nothing was changed"),
      "\(repl.messages)")
    #expect(repl.store.state.project(titled: "Mileage") == nil)
  }

  @Test func editingAProjectKeepsWhatIsNotChanged() throws {
    let repl = try REPLHarness()
    try repl.addProject("Mileage", units: "km")
    repl.run("open Mileage", "edit")
    #expect(repl.prompt == "tally › Mileage › edit › title [Mileage]: ")
    #expect(repl.run("", "miles", "", "", "", "", ""))
    let project = try #require(repl.store.state.project(titled: "Mileage"))
    #expect(project.project.units == "miles")
    #expect(repl.store.state.navigation.route == [.home, .project(project.id)])
  }

  @Test func anUnchangedFormMakesNoChange() throws {
    let repl = try REPLHarness()
    try repl.addProject("Mileage", units: "km")
    repl.run("open Mileage", "edit", "", "", "", "", "", "", "")
    #expect(repl.messages.contains("Nothing changed."))
    #expect(try repl.database.journal(limit: 1).first?.description == "Created project Mileage")
  }

  @Test func editingAReadingChangesItsFields() throws {
    let repl = try REPLHarness()
    try repl.addProject("Mileage", units: "km")
    repl.run("open Mileage", "add 10 --note first", "edit 1")
    #expect(repl.prompt == "tally › Mileage › edit #1 › amount [10]: ")
    #expect(repl.run("12.5", "2025-11-01", "-"))
    let reading = try #require(repl.store.state.stored.openProject?.readings.first)
    #expect(reading.amount == 12.5)
    #expect(reading.note == nil)
    #expect(repl.output.contains("#1  2025-11-01 00:00  12.5 km"))
  }

  @Test func aReadingNotOnScreenCannotBeEdited() throws {
    let repl = try REPLHarness()
    try repl.addProject("Mileage")
    #expect(!repl.run("open Mileage", "edit 99"))
    #expect(repl.messages.contains("reading #99 is not among this project's latest readings"))
  }

  /// What the grammar makes of a typed line.
  private func typed(_ words: String...) throws -> UserRequest {
    guard case .request(let request) = try CommandLineGrammar.parse(words) else {
      throw TallyError(.invalidInput, "\(words) is not a request")
    }
    return request
  }

  @Test func aNewProjectFormMakesTheRequestOfItsCommandLine() throws {
    let repl = try REPLHarness()
    let answers: [FormFieldName: String] = [.title: "Mileage", .units: "km", .frequency: "daily"]
    let form = try ProjectForm(editing: nil).request(
      for: answers, in: repl.store.state, session: repl.session)
    let line = try typed("project", "add", "Mileage", "--units", "km", "--frequency", "daily")
    guard case .addProject(let fromForm, _) = form, case .addProject(let fromLine, _) = line else {
      Issue.record("\(String(describing: form)) and \(line) are not both addProject")
      return
    }
    #expect(fromForm == fromLine)
  }

  @Test func anEditProjectFormMakesTheRequestOfItsCommandLine() throws {
    let repl = try REPLHarness()
    let id = try repl.addProject("Mileage", units: "km")
    let answers: [FormFieldName: String] = [
      .title: "Mileage", .units: "miles", .frequency: "yearly",
    ]
    let form = try ProjectForm(editing: id).request(
      for: answers, in: repl.store.state, session: repl.session)
    let line = try typed("project", "edit", "Mileage", "--units", "miles", "--frequency", "yearly")
    guard case .editProject(let formTitle, let formEdit, let formGoal) = form,
      case .editProject(let lineTitle, let lineEdit, let lineGoal) = line
    else {
      Issue.record("\(String(describing: form)) and \(line) are not both editProject")
      return
    }
    #expect(formTitle == lineTitle)
    #expect(formEdit == lineEdit)
    #expect(formGoal == lineGoal)
  }

  @Test func anEditReadingFormMakesTheRequestOfItsCommandLine() throws {
    let repl = try REPLHarness()
    try repl.addProject("Mileage", units: "km")
    repl.run("open Mileage", "add 10 --note first")
    let answers: [FormFieldName: String] = [.amount: "12.5", .time: "2025-11-01", .note: "-"]
    let form = try ReadingForm(readingID: ReadingID(rawValue: 1)).request(
      for: answers, in: repl.store.state, session: repl.session)
    let line = try typed(
      "item", "edit", "1", "--amount", "12.5", "--at", "2025-11-01", "--note", "")
    guard
      case .editReading(let formID, let formAmount, let formAt, let formNote, let formReset, _) =
        form,
      case .editReading(let lineID, let lineAmount, let lineAt, let lineNote, let lineReset, _) =
        line
    else {
      Issue.record("\(String(describing: form)) and \(line) are not both editReading")
      return
    }
    #expect(formID == lineID)
    #expect(formAmount == lineAmount)
    #expect(formAt == lineAt)
    #expect(formNote == lineNote)
    #expect(formReset == lineReset)
  }

  @Test func aFormAndItsTypedLineLeaveTheSameDatabase() throws {
    let byForm = try REPLHarness()
    #expect(
      byForm.run(
        "new", "Mileage", "km", "daily", "", "", "", "", "open Mileage", "add 10", "edit 1", "12.5",
        "2025-11-01",
        "x"))
    let byLine = try REPLHarness()
    #expect(
      byLine.run(
        "project add Mileage --units km --frequency daily", "open Mileage", "add 10",
        "item edit 1 --amount 12.5 --at 2025-11-01 --note x"))
    #expect(byForm.store.state.stored == byLine.store.state.stored)
    #expect(
      try byForm.database.journal(limit: 10).map(\.description)
        == byLine.database.journal(limit: 10).map(\.description))
    #expect(byForm.messages.contains("Created project Mileage"))
  }

  @Test func aNewProjectIsAskedForKindDecimalsAndGoal() throws {
    let repl = try REPLHarness()
    repl.run("new", "Weight", "kg", "weekly")
    #expect(repl.prompt == "tally › new project › kind (total, gauge, meter) [total]: ")
    repl.run("gauge")
    #expect(repl.prompt == "tally › new project › group (empty: none): ")
    repl.run("Body")
    #expect(repl.prompt == "tally › new project › decimals (0-9, none): ")
    repl.run("1")
    #expect(repl.prompt == "tally › new project › goal (an amount per period; empty: none): ")
    repl.run("80")
    #expect(
      repl.prompt
        == "tally › new project › goal per (daily, weekly, monthly, quarterly, yearly) [weekly]: ")
    repl.run("")
    #expect(repl.prompt == "tally › new project › goal is (at-least, at-most) [at-least]: ")
    #expect(repl.run("at-most"))
    let project = try #require(repl.store.state.project(titled: "Weight")).project
    #expect(project.kind == .gauge)
    #expect(project.decimals == 1)
    #expect(project.goal == Goal(amount: 80, per: .weekly, direction: .atMost))
    #expect(project.group == "Body")
  }

  @Test func theFormAndTheLineMakeTheSameProjectWithKindDecimalsAndGoal() throws {
    let byForm = try REPLHarness()
    #expect(
      byForm.run("new", "Weight", "kg", "weekly", "gauge", "Body", "1", "80", "", "at-most"))
    let byLine = try REPLHarness()
    #expect(
      byLine.run(
        "project add Weight --units kg --frequency weekly --kind gauge --decimals 1 --goal 80 "
          + "--goal-is at-most --group Body"))
    #expect(byForm.store.state.stored == byLine.store.state.stored)
  }

  @Test func answersAreCheckedByTheCommandLinesRules() throws {
    // Each run ends inside the form: a script is left in it, so the next run answers on.
    let repl = try REPLHarness()
    repl.run("new", "Weight", "kg", "weekly", "level")
    #expect(repl.messages.contains("kind: "), "\(repl.messages)")
    #expect(repl.messages.contains("level"))
    repl.run("gauge", "bad\u{1B}group")
    #expect(repl.messages.contains("group: "), "\(repl.messages)")
    repl.run("", "12")
    #expect(repl.messages.contains("decimals: --decimals 12 is not between 0 and 9"))
    repl.run("two")
    #expect(repl.messages.contains("decimals: --decimals 'two' is not a whole number or none"))
    repl.run("none", "lots")
    #expect(repl.messages.contains("goal: "))
    repl.run("80", "fortnightly")
    #expect(repl.messages.contains("goal per: --goal-per 'fortnightly' is not a period"))
    repl.run("weekly", "above")
    #expect(repl.messages.contains("goal is: --goal-is 'above' is neither at-least nor at-most"))
    #expect(repl.run("at-least"))
    let project = try #require(repl.store.state.project(titled: "Weight")).project
    #expect(project.kind == .gauge)
    #expect(project.decimals == nil)
    #expect(project.goal == Goal(amount: 80, per: .weekly, direction: .atLeast))
  }

  @Test func editingAProjectChangesItsKindAndTakesItsGoalAway() throws {
    let repl = try REPLHarness()
    repl.run("project add Weight --frequency weekly --goal 80", "open Weight", "edit")
    // The goal is there: its period and side are asked too.
    repl.run("", "", "", "gauge", "", "", "")
    #expect(
      repl.prompt.hasSuffix("goal per (daily, weekly, monthly, quarterly, yearly) [weekly]: "))
    #expect(repl.run("", ""))
    #expect(repl.store.state.project(titled: "Weight")?.project.kind == .gauge)
    #expect(repl.run("edit", "", "", "", "", "", "", "none"), "\(repl.messages)")
    #expect(repl.store.state.project(titled: "Weight")?.project.goal == nil)
  }

  @Test func aFormCompletesTheValuesOfItsField() throws {
    let repl = try REPLHarness()
    repl.run("new", "Weight", "kg", "weekly")
    #expect(
      repl.repl.complete(CompletionRequest(before: "", word: "")).candidates == [
        "total", "gauge", "meter",
      ])
    #expect(repl.repl.complete(CompletionRequest(before: "", word: "g")).candidates == ["gauge"])
  }
}
