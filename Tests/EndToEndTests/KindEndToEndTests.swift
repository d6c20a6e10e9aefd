import Foundation
import Testing

/// Gauges, meters, goals and due readings through the real binary, as README shows them.
@Suite struct KindEndToEndTests {
  func sample(_ name: String) -> String {
    ImportEndToEndTests.samples.appendingPathComponent(name).path
  }

  @Test func statisticsFitTheirKindsInEveryFormat() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Car", "--frequency", "monthly", "--kind", "meter")
    try sandbox.succeed("project", "add", "Weight", "--frequency", "monthly", "--kind", "gauge")
    try sandbox.succeed("project", "add", "Spend", "--frequency", "monthly")
    for (project, amounts) in [
      ("Car", ["1000", "1800"]), ("Weight", ["80", "79"]), ("Spend", ["5", "15"]),
    ] {
      for (day, amount) in zip(["2024-05-01", "2024-05-20"], amounts) {
        try sandbox.succeed("item", "add", project, amount, "--at", day)
      }
    }
    let refused = try sandbox.run("report", "Car", "--stats", "sum")
    #expect(refused.status == 1)
    #expect(
      refused.stderr.hasPrefix(
        "Error: --stats sum does not apply to Car, a meter project: sum is for total projects\n"))
    let none = try sandbox.run("report", "Weight", "Spend", "--stats", "usage")
    #expect(none.status == 1)
    #expect(none.stderr.contains("--stats usage fits none of the 2 projects"), "\(none.stderr)")
    #expect(
      try sandbox.succeed("report", "--all", "--stats", "count,sum,mean", "--format", "csv")
        == "project,period,count,sum,mean\nCar,2024-05,2,,\nSpend,2024-05,2,20,10\n"
        + "Weight,2024-05,2,,79.5\n")
    // People's formats leave the same cells empty: a meter's dials never add up.
    for format in ["table", "markdown", "html"] {
      let text = try sandbox.succeed(
        "report", "--all", "--stats", "count,sum", "--format", format)
      #expect(!text.contains("2800") && !text.contains("159"), "\(format): \(text)")
    }
  }

  @Test func theOdometerSampleImportsAsAMeterWithItsReset() throws {
    let sandbox = try Sandbox()
    sandbox.environment["TZ"] = "UTC"
    try sandbox.succeed(
      "import", sample("odometer.csv"), "--project", "Car", "--create", "--frequency", "monthly",
      "--units", "km", "--kind", "meter")
    let report = try sandbox.succeed("report", "Car", "--stats", "count,last,usage,rate")
    let lines = report.split(separator: "\n")
    #expect(lines.first == "project,period,count,last,usage,rate")
    #expect(lines.count == 11, "\(report)")
    // The usage adds up to the dial's increases, the new odometer's 120 km included.
    let usage = lines.dropFirst().compactMap { Double($0.split(separator: ",")[4]) }
    let csv = try String(contentsOfFile: sample("odometer.csv"), encoding: .utf8)
    let amounts = csv.split(separator: "\n").dropFirst().map {
      ($0.split(separator: ",", omittingEmptySubsequences: false))
    }
    var expected = 0.0
    for (before, after) in zip(amounts, amounts.dropFirst()) {
      let reading = Double(after[1]) ?? .nan
      expected += after[3] == "yes" ? reading : reading - (Double(before[1]) ?? .nan)
    }
    #expect(abs(usage.reduce(0, +) - expected) < 1e-6)
    // The CSV's default columns are the meter's, as its table shows them: the dials are not
    // added up.
    #expect(try sandbox.succeed("report", "Car") == report)
  }

  @Test func aFallingMeterRowFailsTheImportNamingItsLine() throws {
    let sandbox = try Sandbox()
    let file = sandbox.folder.appendingPathComponent("dial.csv")
    try Data("date,amount\n2024-01-01,100\n2024-02-01,250\n2024-03-01,90\n".utf8).write(to: file)
    try sandbox.succeed("project", "add", "Gas", "--frequency", "monthly", "--kind", "meter")
    let result = try sandbox.run("import", file.path, "--project", "Gas")
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "the row on line 4 (90 at 2024-03-01T00:00:00+00:00) is lower than the row on line 3"),
      "\(result.stderr)")
    #expect(try sandbox.succeed("export") == "project,timestamp,amount,note,reset\n")
    // A reset field must say yes or no.
    try Data("date,amount,reset\n2024-01-01,100,\n2024-02-01,90, maybe \n".utf8).write(to: file)
    let unclear = try sandbox.run("import", file.path, "--project", "Gas")
    #expect(unclear.status == 1)
    #expect(
      unclear.stderr.contains("line 3, column reset: ' maybe '"), "\(unclear.stderr)")
    // With the row marked as a reset, it goes in.
    try Data("date,amount,reset\n2024-01-01,100,\n2024-02-01,250, No\n2024-03-01,90,YES \n".utf8)
      .write(to: file)
    try sandbox.succeed("import", file.path, "--project", "Gas")
    // The reset is exported, and the export imports back into a new meter.
    let export = try sandbox.succeed("export")
    #expect(export.contains("Gas,2024-03-01T00:00:00+00:00,90,,yes\n"))
    try Data(export.utf8).write(to: file)
    try sandbox.succeed(
      "import", file.path, "--project", "Gas 2", "--create", "--frequency", "monthly", "--kind",
      "meter")
    // The new dial's 90 are used between the readings on either side: all in February.
    #expect(
      try sandbox.succeed("report", "Gas", "--stats", "usage")
        == "project,period,usage\nGas,2024-01,150\nGas,2024-02,90\nGas,2024-03,0\n")
  }

  @Test func aGoalIsJudgedPerItsPeriodWithStreaks() throws {
    let sandbox = try Sandbox()
    sandbox.environment["TZ"] = "UTC"
    try sandbox.succeed(
      "project", "add", "Run", "--frequency", "daily", "--units", "km", "--goal", "20",
      "--goal-per", "weekly", now: "2024-01-01T00:00:00Z")
    // Weeks 1 and 2 of 2024 met, week 3 missed, week 4 met, week 5 running.
    for (day, amount) in [
      ("01", "25"), ("08", "12"), ("10", "9"), ("15", "5"), ("22", "30"),
      ("29", "40"),
    ] {
      try sandbox.succeed("item", "add", "Run", amount, "--at", "2024-01-\(day)")
    }
    let now = "2024-01-30T12:00:00Z"
    let report = try sandbox.succeed("report", "Run", "--stats", "sum,goal,progress,met", now: now)
    #expect(
      report == """
        project,period,sum,goal,progress,met
        Run,2024-W01,25,20,125,true
        Run,2024-W02,21,20,105,true
        Run,2024-W03,5,20,25,false
        Run,2024-W04,30,20,150,true
        Run,2024-W05,40,20,200,true

        """)
    let table = try sandbox.succeed("report", "Run", "--format", "table", now: now)
    #expect(table.contains("Goal: at least 20 km per week; streak: 1 week now, longest 2."))
    // The running week's 40 km have reached the goal: met already, as `goals` says.
    #expect(!table.contains("in progress"))
    #expect(try sandbox.succeed("goals", "--format", "csv", now: now).hasSuffix(",met\n"))
    // A later goal judges the weeks from then on; the weeks before keep theirs.
    try sandbox.succeed("project", "edit", "Run", "--goal", "35", now: "2024-01-24T00:00:00Z")
    let after = try sandbox.succeed("report", "Run", "--stats", "goal,met", now: now)
    #expect(after.contains("Run,2024-W03,20,false\nRun,2024-W04,35,false\n"))
    // Undo takes the goal back.
    try sandbox.succeed("undo")
    #expect(try sandbox.succeed("report", "Run", "--stats", "goal", now: now).contains("W04,20"))
  }

  @Test func dueListsProjectsWithoutAReadingThisPeriod() throws {
    let sandbox = try Sandbox()
    sandbox.environment["TZ"] = "UTC"
    try sandbox.succeed(
      "project", "add", "Weight", "--frequency", "weekly", "--kind", "gauge",
      now: "2024-01-01T00:00:00Z")
    try sandbox.succeed("project", "add", "Bills", "--frequency", "quarterly")
    try sandbox.succeed("item", "add", "Weight", "80", "--at", "2024-01-03")
    try sandbox.succeed("item", "add", "Bills", "120", "--at", "2024-02-03")
    #expect(
      try sandbox.succeed("due", "--format", "csv", now: "2024-01-31T00:00:00Z") == """
        project,frequency,last_reading,periods_missed
        Weight,weekly,2024-01-03T00:00:00+00:00,3

        """)
    let json = try sandbox.succeed("due", "--format", "json", now: "2024-04-02T00:00:00Z")
    #expect(
      json.contains(
        #""project":"Bills","frequency":"quarterly","last_reading":"2024-02-03T00:00:00+00:00","periods_missed":0"#
      ))
  }
}

/// A timer adds the time it ran to a total; on a gauge or a meter it would record a level.
@Suite struct TimerKindTests {
  @Test(arguments: Backend.allCases, ["gauge", "meter"])
  func aTimerCannotStartOnALevel(_ backend: Backend, _ kind: String) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Odo", "--frequency", "daily", "--kind", kind)
    let before = try sandbox.everything()
    let result = try sandbox.run("timer", "start", "Odo")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: a timer records an amount of time into a total; Odo is a \(kind), whose "
        + "readings are levels, not amounts to add up\n"
        + "Time it in a project of its own: `tally project add TITLE --frequency daily --units h`.\n"
    )
    #expect(try sandbox.everything() == before)
    #expect(try sandbox.run("timer", "list").stdout.contains("Odo") == false)
  }
}
