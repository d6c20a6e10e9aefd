import TallyApp
import TallyCommandLine
import TallyCore
import Testing

/// The one grammar both front doors read: words in, typed requests out.
@Suite struct GrammarTests {
  func request(_ words: String...) throws -> UserRequest {
    guard case .request(let request) = try CommandLineGrammar.parse(words) else {
      Issue.record("expected a request for \(words)")
      throw TallyError(.invalidInput, "no request")
    }
    return request
  }

  @Test func anItemAddBecomesATypedRequest() throws {
    guard
      case .addReading(let project, let amount, let at, let note, let reset, _) = try request(
        "item", "add", "Car", "-12.5", "--note", "full tank")
    else {
      Issue.record("not an addReading")
      return
    }
    #expect(project == "Car")
    #expect(amount == -12.5)
    #expect(at == nil)
    #expect(note == "full tank")
    #expect(!reset)
  }

  @Test func goalOptionsAreReadAndCheckedByTheGrammar() throws {
    guard
      case .editProject(let title, let edit, let goal) = try request(
        "project", "edit", "Run", "--kind", "gauge", "--decimals", "1", "--goal", "20",
        "--goal-per", "weekly", "--goal-is", "at-most")
    else {
      Issue.record("not an editProject")
      return
    }
    #expect(title == "Run")
    #expect(edit.kind == .gauge)
    #expect(edit.decimals == .set(1))
    #expect(goal == GoalRequest(amount: 20, per: .weekly, direction: .atMost))
    #expect {
      try request("project", "edit", "Run", "--goal", "5", "--goal-per", "fortnight")
    } throws: { error in
      (error as? TallyError)?.message
        == "--goal-per 'fortnight' is not a period: choose daily, weekly, monthly, quarterly or yearly"
    }
    #expect(
      throws: TallyError(
        .invalidInput, "--goal-is 'most' is neither at-least nor at-most")
    ) { try request("project", "edit", "Run", "--goal-is", "most") }
    #expect(
      throws: TallyError(
        .invalidInput,
        "--stats 'sum,median': 'median' is not a statistic; choose from "
          + "count, sum, min, max, mean, first, last, change, usage, rate, goal, "
          + "progress, met, previous, change_percent, rolling_mean, forecast, needed_per_day")
    ) { try request("report", "Run", "--stats", "sum,median") }
  }

  @Test func anAmountThatIsNotANumberIsRefusedByTheGrammar() {
    #expect(
      throws: TallyError(
        .invalidInput, "amount 'twelve': not a number")
    ) { try request("item", "add", "Car", "twelve") }
  }

  @Test func aReportNamesItsProjectsOrAll() throws {
    guard case .report(let all) = try request("report", "--all", "--period", "weekly") else {
      Issue.record("not a report")
      return
    }
    #expect(all.titles == nil)
    #expect(all.period == .weekly)
    guard case .report(let some) = try request("report", "Car", "Bike", "--format", "json")
    else {
      Issue.record("not a report")
      return
    }
    #expect(some.titles == ["Car", "Bike"])
    #expect(some.format == .json)
  }

  @Test func helpIsTextNotARequest() throws {
    for words in [["item", "--help"], ["item", "add", "--help"]] {
      guard case .help(let text) = try CommandLineGrammar.parse(words) else {
        Issue.record("no help for \(words)")
        continue
      }
      #expect(text.contains("USAGE: tally item"))
    }
  }

  @Test func aLineInsideASessionCannotChooseAnotherDatabase() {
    #expect(
      throws: TallyError(
        .invalidInput, "--db and --tz are chosen when tally starts, not inside the REPL")
    ) { try request("project", "list", "--db", "/tmp/x") }
  }

  @Test func onlyCreatingCommandsMayCreateTheDatabase() throws {
    #expect(try request("project", "add", "Car", "--frequency", "daily").createsDatabase)
    #expect(!(try request("project", "list").createsDatabase))
    #expect(
      try request("import", "a.csv", "--project", "Car", "--create", "--frequency", "daily")
        .createsDatabase)
    #expect(
      !(try request(
        "import", "a.csv", "--project", "Car", "--create", "--frequency", "daily", "--dry-run"
      ).createsDatabase))
  }

  @Test func theCatalogDescribesTheGrammar() {
    let catalog = CommandCatalog.tally()
    #expect(catalog.command("item")?.subcommand("add")?.arguments == ["project", "amount"])
    #expect(catalog.command("repl") == nil)
    #expect(catalog.command("import")?.defaultSubcommand == "file")
  }
}
