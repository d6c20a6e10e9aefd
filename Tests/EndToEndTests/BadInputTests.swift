import Foundation
import Testing

/// Every invalid input: a clear message on stderr, exit 1 (2 for usage errors), nothing on
/// stdout, and the database exactly as before.
@Suite struct BadInputTests {
  struct Case: CustomStringConvertible, Sendable {
    let arguments: [String]
    let status: Int32
    let message: String
    var description: String { arguments.joined(separator: " ") }

    init(_ arguments: [String], _ status: Int32, _ message: String) {
      self.arguments = arguments
      self.status = status
      self.message = message
    }
  }

  static let cases: [Case] = [
    Case(["project", "add", "", "--frequency", "daily"], 1, "a project title cannot be empty"),
    Case(["project", "add", "   ", "--frequency", "daily"], 1, "a project title cannot be empty"),
    Case(
      ["project", "add", "MILEAGE", "--frequency", "daily"], 1,
      "a project titled 'Mileage' already exists"),
    Case(
      ["project", "add", "New", "--frequency", "fortnightly"], 2,
      "The value 'fortnightly' is invalid for '--frequency <frequency>'"),
    Case(["project", "add", "New"], 2, "Missing expected argument '--frequency <frequency>'"),
    Case(["project", "edit", "Nope", "--units", "x"], 1, "there is no project titled 'Nope'"),
    Case(
      ["project", "edit", "Mileage"], 2,
      "nothing to change: give --title, --units, --frequency, --kind, --decimals, --goal "
        + "(with --goal-per, --goal-is, --goal-since) or --group"),
    Case(["project", "edit", "Mileage", "--decimal", "2"], 2, "Unknown option '--decimal'"),
    Case(["item", "edit", "1", "--nte", "x"], 2, "Unknown option '--nte'"),
    Case(
      ["project", "edit", "Mileage", "--title", "spend"], 1,
      "a project titled 'Spend' already exists"),
    Case(
      ["project", "delete", "Mileage"], 1,
      "not deleting 'Mileage' without --yes: standard input is not a terminal to confirm on"),
    Case(["project", "delete", "Nope", "--yes"], 1, "there is no project titled 'Nope'"),
    Case(["item", "add", "Nope", "1"], 1, "there is no project titled 'Nope'"),
    Case(["item", "add", "Mileage", "abc"], 1, "amount 'abc': not a number"),
    Case(["item", "add", "Mileage", "NaN"], 1, "amount 'NaN': not a number"),
    Case(["item", "add", "Mileage", "inf"], 1, "amount 'inf': not a number"),
    Case(["item", "add", "Mileage", "1e999"], 1, "amount '1e999': out of range"),
    Case(["item", "add", "Mileage", "1.7e308"], 1, "amount '1.7e308': out of range"),
    Case(["item", "add", "Mileage", "1e15"], 1, "amount '1e15': out of range"),
    Case(["item", "add", "Mileage", "a,b"], 1, "amount 'a,b': not a number"),
    Case(["item", "add", "Mileage", "1 234,5"], 1, "amount '1 234,5': not a number"),
    Case(["item", "add", "Mileage", ""], 1, "amount '': no amount"),
    Case(
      ["item", "add", "Mileage", "5", "--at", "2024-02-30"], 1,
      "--at '2024-02-30': no such date or time"),
    Case(
      ["item", "add", "Mileage", "5", "--at", "the day before"], 1,
      "--at 'the day before': not a date or time"),
    Case(["item", "edit", "99", "--amount", "1"], 1, "there is no reading 99"),
    Case(["item", "edit", "1", "--amount", "x"], 1, "--amount 'x': not a number"),
    Case(
      ["item", "edit", "1"], 2,
      "nothing to change: give --amount, --at, --note, --reset, --tag, --add-tag or --remove-tag"),
    Case(["item", "edit", "abc", "--amount", "1"], 2, "The value 'abc' is invalid for '<id>'"),
    Case(["item", "delete", "99"], 1, "there is no reading 99"),
    Case(
      ["item", "list", "Mileage", "--from", "2024-13-01"], 1, "--from '2024-13-01': no such date"),
    Case(
      ["item", "list", "Mileage", "--format", "xml"], 2,
      "The value 'xml' is invalid for '--format <format>'"),
    Case(["timer", "stop", "Mileage"], 1, "no timer is running for Mileage"),
    Case(["timer", "start", "Nope"], 1, "there is no project titled 'Nope'"),
    Case(["redo"], 1, "there is nothing to redo"),
    Case(["log", "--limit", "0"], 2, "--limit must be more than 0"),
    Case(
      ["--tz", "Mars/Olympus", "project", "list"], 2, "unknown time zone 'Mars/Olympus' for --tz"),
    Case(["export", "--format", "xml"], 2, "The value 'xml' is invalid for '--format <format>'"),
    Case(["frobnicate"], 2, "Unexpected argument 'frobnicate'"),
    Case(
      ["project", "edit", "Mileage", "--goal", "100", "--goal-per", "fortnight"], 1,
      "--goal-per 'fortnight' is not a period: choose daily, weekly, monthly, quarterly or yearly"),
    Case(
      ["project", "edit", "Mileage", "--goal-is", "at-most"], 1,
      "--goal-per, --goal-is and --goal-since change a goal: give its amount with --goal"),
    Case(
      ["project", "add", "New", "--frequency", "daily", "--goal", "none"], 1,
      "--goal none: a new project has no goal to take away"),
    Case(
      [
        "project", "add", "New", "--frequency", "daily", "--goal", "5", "--goal-per", "daily",
        "--goal-since", "1000-01-01",
      ], 1,
      "periods; at most 100000 are judged"),
    Case(
      [
        "project", "edit", "Mileage", "--goal", "5", "--goal-per", "daily", "--goal-since",
        "1000-01-01",
      ], 1,
      "periods; at most 100000 are judged"),
    // A character that shows as nothing or breaks a line is refused at an end too, not
    // dropped without a word.
    Case(["project", "add", "\u{2028}New", "--frequency", "daily"], 1, "must be one line"),
    Case(
      ["project", "add", "New\u{200B}", "--frequency", "daily"], 1,
      "a project title cannot hold control or invisible characters: 'New\\u{200B}' holds U+200B"),
    Case(
      ["project", "add", "New", "--frequency", "daily", "--units", "km\u{AD}"], 1,
      "units cannot hold control or invisible characters: 'km\\u{AD}' holds U+00AD"),
    Case(
      ["project", "edit", "Spend", "--group", "\u{85}Home"], 1, "a group name must be one line"),
    Case(
      ["project", "add", "New", "--frequency", "daily", "--decimals", "12"], 1,
      "--decimals 12 is not between 0 and 9"),
    Case(
      ["project", "add", "New", "--frequency", "daily", "--kind", "odometer"], 2,
      "The value 'odometer' is invalid for '--kind <kind>'"),
    Case(
      ["item", "add", "Odometer", "900", "--at", "2024-03-01"], 1,
      "is lower than reading 3 (1500 km at 2024-02-01T00:00:00+00:00) before it: Odometer is a meter"
    ),
    Case(
      ["item", "add", "Odometer", "1600", "--at", "2024-01-15"], 1,
      "reading 3 (1500 km at 2024-02-01T00:00:00+00:00) is lower than the new reading"),
    Case(["item", "edit", "3", "--amount", "10"], 1, "Odometer is a meter"),
    Case(
      ["report", "Mileage", "--stats", "usage"], 1,
      "--stats usage does not apply to Mileage, a total project: usage is for meter projects"),
    Case(["report", "--all", "--stats", "count,median"], 1, "'median' is not a statistic"),
    Case(["report", "Mileage", "--stats", "sum,sum"], 1, "--stats 'sum,sum' names sum twice"),
    Case(
      ["item", "add", "Mileage", "5", "--reset"], 1,
      "--reset marks a meter's reading; Mileage is a total project"),
    Case(
      ["project", "edit", "Mileage", "--decimals", "-1"], 1,
      "--decimals -1 is not between 0 and 9"),
    Case(
      ["project", "edit", "Spend", "--kind", "meter"], 1,
      "Spend cannot become a meter: reading 5 (5 at 2024-01-02T00:00:00+00:00) is lower than reading 4"
    ),
  ]

  @Test(arguments: cases)
  func isRefusedAndChangesNothing(_ bad: Case) throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Mileage", "--frequency", "monthly", "--units", "km")
    try sandbox.succeed("project", "add", "Spend", "--frequency", "daily")
    try sandbox.succeed("item", "add", "Mileage", "42.5", "--at", "2024-01-15", "--note", "tank")
    try sandbox.succeed(
      "project", "add", "Odometer", "--frequency", "monthly", "--units", "km", "--kind", "meter")
    try sandbox.succeed("item", "add", "Odometer", "1000", "--at", "2024-01-01")
    try sandbox.succeed("item", "add", "Odometer", "1500", "--at", "2024-02-01")
    try sandbox.succeed("item", "add", "Spend", "10", "--at", "2024-01-01")
    try sandbox.succeed("item", "add", "Spend", "5", "--at", "2024-01-02")
    let before = try sandbox.everything()

    let result = try sandbox.tally.run(bad.arguments, environment: sandbox.environment)

    #expect(result.status == bad.status)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(bad.message), "stderr was: \(result.stderr)")
    #expect(try sandbox.everything() == before)
  }

  /// A `TZ` tally cannot read (a POSIX rule, a misspelt name) is said, not silently UTC; one
  /// it reads, `:` before it or not, says nothing; `--tz` chooses over it.
  @Test(arguments: [
    ("Mars/Base", true), ("CET-1CEST,M3.5.0,M10.5.0/3", true), (":Europe/Berlin", false),
    ("Europe/Berlin", false), ("", false),
  ])
  func aTimeZoneTallyDoesNotKnowIsNamed(zone: String, named: Bool) throws {
    let sandbox = try Sandbox()
    sandbox.environment["TZ"] = zone
    try sandbox.succeed("project", "add", "Run", "--frequency", "daily")
    let listed = try sandbox.run("project", "list", "--format", "csv")
    #expect(listed.status == 0)
    let note = "Note: TZ '\(zone)' is not a time zone tally knows; times are in "
    #expect(listed.stderr.contains(note) == named, "\(listed.stderr)")
    #expect(listed.stdout.hasPrefix("title,"))
    let chosen = try sandbox.run("--tz", "UTC", "project", "list")
    #expect(!chosen.stderr.contains("Note: TZ"), "\(chosen.stderr)")
  }

  /// An argument that is not UTF-8 (a Latin-1 title from an old script) is refused, not stored
  /// with U+FFFD in place of its bytes: given through the shell, as Swift's strings cannot.
  @Test func anArgumentThatIsNotUTF8IsRefused() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Run", "--frequency", "daily")
    let before = try sandbox.everything()
    let result = try TallyBinary(program: URL(fileURLWithPath: "/bin/sh")).run(
      [
        "-c", "\"$0\" project add \"$(printf 'Caf\\351')\" --frequency daily",
        sandbox.tally.url.path,
      ],
      environment: sandbox.environment)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("argument 3 is not UTF-8 text: 'Caf\u{FFFD}'"), "\(result.stderr)")
    #expect(try sandbox.everything() == before)
  }

  /// A title that ends in a character that shows as nothing, in a whole export's files, is
  /// refused with its file, line and column, as typed it is: not trimmed into another title.
  @Test func anInvisibleCharacterAtATitlesEndInAnImportIsRefused() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Run", "--frequency", "daily")
    let before = try sandbox.everything()
    let projects = sandbox.folder.appendingPathComponent("projects.csv")
    let readings = sandbox.folder.appendingPathComponent("all.csv")
    try Data("title,units,frequency\nWalk\u{200B},km,daily\n".utf8).write(to: projects)
    try Data("project,timestamp,amount\nWalk\u{200B},2024-01-01T00:00:00Z,3\n".utf8).write(
      to: readings)
    let whole = try sandbox.run("import", readings.path, "--projects", projects.path)
    #expect(whole.status == 1)
    #expect(
      whole.stderr.contains(
        "\(projects.path), line 2, column title: 'Walk\\u{200B}': a project title cannot hold"),
      "\(whole.stderr)")
    #expect(try sandbox.everything() == before)
  }

  @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
    let sandbox = try Sandbox()
    let path = sandbox.folder.appendingPathComponent("notes.txt").path
    try Data("shopping list\n".utf8).write(to: URL(fileURLWithPath: path))
    let result = try sandbox.run("--db", path, "project", "list")
    #expect(result.status == 1)
    #expect(result.stderr.contains("\(path) is not a tally database (it is not SQLite)"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "shopping list\n")
  }

  @Test func aDeleteIsConfirmedOnlyByYes() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Keep", "--frequency", "daily")
    // Standard input here is a pipe, not a terminal: without --yes nothing is deleted.
    let result = try sandbox.run("project", "delete", "Keep", input: "y\n")
    #expect(result.status == 1)
    #expect(try sandbox.succeed("project", "list", "--format", "csv").contains("Keep"))
  }
}
