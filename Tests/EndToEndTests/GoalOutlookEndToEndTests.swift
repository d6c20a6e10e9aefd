import Foundation
import TestSupport
import Testing

/// Goals that look forward through the real binary on both backends, with every expected
/// figure worked out by hand in the comments.
@Suite struct GoalOutlookEndToEndTests {
  /// Now: Wednesday 2024-02-14 12:00 UTC, 2.5 days into ISO week 2024-W07 (Monday 00:00).
  static let now = "2024-02-14T12:00"

  /// A daily run with a goal of at least 20 km a week: W05 21.5 km, W06 6 km, W07 12 km so far.
  func runner(_ backend: Backend) throws -> Sandbox {
    let sandbox = try Sandbox(backend)
    sandbox.environment["TALLY_NOW"] = Self.now
    try sandbox.succeed("project", "add", "Run", "--frequency", "daily", "--units", "km")
    for (amount, at) in [
      ("12", "2024-01-29T07:00"), ("9.5", "2024-01-31T07:00"), ("6", "2024-02-05T07:00"),
      ("5", "2024-02-12T07:00"), ("7", "2024-02-13T07:00"),
    ] {
      try sandbox.succeed("item", "add", "Run", amount, "--at", at)
    }
    return sandbox
  }

  @Test(arguments: Backend.allCases)
  func aFirstGoalSetLaterJudgesTheWholeHistory(_ backend: Backend) throws {
    let sandbox = try runner(backend)
    let set = try sandbox.run(
      "project", "edit", "Run", "--goal", "20", "--goal-per", "weekly", now: "2024-02-14T12:00")
    #expect(set.stderr.contains("goal: at least 20 km per week, judging every period"))
    // W05 met (21.5 >= 20), W06 missed (6), W07 running.
    #expect(
      try sandbox.succeed("report", "Run", "--stats", "sum,goal,progress,met")
        == """
        project,period,sum,goal,progress,met
        Run,2024-W05,21.5,20,107.5,true
        Run,2024-W06,6,20,30,false
        Run,2024-W07,12,20,60,

        """)
    let table = try sandbox.succeed("report", "Run", "--format", "table")
    #expect(table.contains("streak: 0 weeks now, longest 1"), "\(table)")
    // A later goal judges from the period it is set in: W05 and W06 keep 20.
    try sandbox.succeed("project", "edit", "Run", "--goal", "10")
    #expect(
      try sandbox.succeed("report", "Run", "--stats", "goal,met").hasSuffix(
        "Run,2024-W05,20,true\nRun,2024-W06,20,false\nRun,2024-W07,10,true\n"))
    // --goal-since moves the current goal's start: from W06 on it is 10 (6 < 10: missed).
    try sandbox.succeed("project", "edit", "Run", "--goal-since", "2024-02-05")
    #expect(
      try sandbox.succeed("report", "Run", "--stats", "goal,met").hasSuffix(
        "Run,2024-W05,20,true\nRun,2024-W06,10,false\nRun,2024-W07,10,true\n"))
    // Undo takes the start back.
    try sandbox.succeed("undo")
    #expect(try sandbox.succeed("report", "Run", "--stats", "goal").contains("Run,2024-W06,20\n"))
  }

  @Test(arguments: Backend.allCases)
  func goalSinceOnANewProjectAndItsMistakes(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    sandbox.environment["TALLY_NOW"] = Self.now
    try sandbox.succeed(
      "project", "add", "Spend", "--frequency", "weekly", "--goal", "50", "--goal-is", "at-most",
      "--goal-since", "2024-02-01")
    try sandbox.succeed("item", "add", "Spend", "30", "--at", "2024-01-10")
    try sandbox.succeed("item", "add", "Spend", "20", "--at", "2024-02-13")
    // Judged from W05 (holding 2024-02-01) on: W05 and W06 have no readings and are met (0 <= 50),
    // listed so that the streak counts what one sees; W02 is not judged.
    #expect(
      try sandbox.succeed("report", "Spend", "--stats", "sum,goal,met")
        == """
        project,period,sum,goal,met
        Spend,2024-W02,30,,
        Spend,2024-W05,0,50,true
        Spend,2024-W06,0,50,true
        Spend,2024-W07,20,50,

        """)
    let before = try sandbox.everything()
    for (arguments, message) in [
      (["--goal-since", "someday"], "--goal-since 'someday': not a date or time"),
      (
        ["--goal", "none", "--goal-since", "2024-01-01"],
        "leave out --goal-per, --goal-is and --goal-since"
      ),
    ] {
      let result = try sandbox.tally.run(
        ["project", "edit", "Spend"] + arguments, environment: sandbox.environment)
      #expect(result.status == 1)
      #expect(result.stderr.contains(message), "\(result.stderr)")
    }
    #expect(try sandbox.everything() == before)
  }

  @Test func progressNeverRoundsAcrossTheGoal() throws {
    let sandbox = try Sandbox()
    sandbox.environment["TALLY_NOW"] = Self.now
    try sandbox.succeed(
      "project", "add", "Read", "--frequency", "weekly", "--goal", "10000")
    try sandbox.succeed(
      "project", "add", "Cap", "--frequency", "weekly", "--goal", "10000", "--goal-is", "at-most")
    try sandbox.succeed("project", "add", "Balance", "--frequency", "weekly", "--goal", "-500")
    try sandbox.succeed("item", "add", "Read", "9996", "--at", "2024-01-03")  // 99.96%: missed
    try sandbox.succeed("item", "add", "Cap", "10004", "--at", "2024-01-03")  // 100.04%: missed
    try sandbox.succeed("item", "add", "Cap", "5", "--at", "2024-01-10")  // 0.05%: met
    try sandbox.succeed("item", "add", "Balance", "-200", "--at", "2024-01-03")
    let read = try sandbox.succeed("report", "Read", "--format", "table", "--to", "2024-01-08")
    #expect(read.contains("99.9%"), "\(read)")
    #expect(!read.contains("100%"), "\(read)")
    let cap = try sandbox.succeed("report", "Cap", "--format", "table", "--to", "2024-01-15")
    #expect(cap.contains("100.1%") && cap.contains("0.1%"), "\(cap)")
    // A goal below 0 has no progress, and met compares: -200 >= -500.
    #expect(
      try sandbox.succeed("report", "Balance", "--stats", "sum,progress,met", "--to", "2024-01-08")
        == "project,period,sum,progress,met\nBalance,2024-W01,-200,,true\n")
  }

  @Test(arguments: Backend.allCases)
  func compareRollingAndForecastMatchTheHandSums(_ backend: Backend) throws {
    let sandbox = try runner(backend)
    try sandbox.succeed("project", "edit", "Run", "--goal", "20", "--goal-per", "weekly")
    // previous: W05 has none (no readings before), W06 21.5, change (6-21.5)/21.5 = -72.09...%,
    // W07 6, change +100%. rolling 2: W05 21.5 (W04 is before the first reading), W06
    // (21.5+6)/2 = 13.75, W07 (6+12)/2 = 9. forecast: 12 km in 2.5 of 7 days: 12/(2.5/7) = 33.6;
    // needed: (20-12) km over the 4.5 days left = 1.777... a day.
    #expect(
      try sandbox.succeed(
        "report", "Run", "--compare", "previous", "--rolling", "2", "--forecast", "--format", "csv")
          == """
          project,period,count,sum,min,max,mean,goal,progress,met,previous,change_percent,rolling_mean,forecast,needed_per_day
          Run,2024-W05,2,21.5,9.5,12,10.75,20,107.5,true,,,21.5,,
          Run,2024-W06,1,6,6,6,6,20,30,false,21.5,-72.0930232558139,13.75,,
          Run,2024-W07,2,12,5,7,6,20,60,,6,100,9,33.6,1.77777777777778

          """)
    let json = try sandbox.succeed(
      "report", "Run", "--compare", "year", "--format", "json", "--from", "2024-02-05")
    #expect(json.contains(#""previous":null,"change_percent":null"#), "\(json)")
    let table = try sandbox.succeed("report", "Run", "--forecast", "--format", "table")
    #expect(
      table.contains(
        "Forecast for 2024-W07: 33.6 km at this pace (12 km in the first 35% of it), on track "
          + "for at least 20 km per week; 1.78 km a day from now reaches it."), "\(table)")
    // A year before compares with the same week a year earlier.
    try sandbox.succeed("item", "add", "Run", "8", "--at", "2023-02-07T07:00")
    #expect(
      try sandbox.succeed(
        "report", "Run", "--compare", "year", "--stats", "sum,previous,change_percent", "--from",
        "2024-02-05", "--to", "2024-02-12")
        == "project,period,sum,previous,change_percent\nRun,2024-W06,6,8,-25\n")
  }

  @Test func aGaugeForecastFollowsTheLeastSquaresLine() throws {
    let sandbox = try Sandbox()
    sandbox.environment["TALLY_NOW"] = Self.now
    try sandbox.succeed(
      "project", "add", "Weight", "--frequency", "weekly", "--units", "kg", "--kind", "gauge",
      "--goal", "80", "--goal-is", "at-most")
    // Levels: W03 ends 2024-01-22 00:00 at 85; W05 ends 2024-02-05 at 83; now (W07) 82.
    // x in days before W07's end (2024-02-19 00:00): -28, -14, -4.5. Mean x -15.5, mean y
    // 83.333...; slope = sum((x-mx)(y-my)) / sum((x-mx)^2) = 23.5 / 296.5 = 0.079258...
    // forecast at 0: 83.333... + 0.079258... * 15.5 = 84.5618...; needed (80-82)/4.5 days.
    try sandbox.succeed("item", "add", "Weight", "85", "--at", "2024-01-20")
    try sandbox.succeed("item", "add", "Weight", "83", "--at", "2024-02-01")
    try sandbox.succeed("item", "add", "Weight", "82", "--at", "2024-02-13")
    let csv = try sandbox.succeed("report", "Weight", "--stats", "last,forecast,needed_per_day")
    let last = try #require(csv.split(separator: "\n").last?.split(separator: ","))
    #expect(last[0...1] == ["Weight", "2024-W07"])
    let points: [(Double, Double)] = [(-28, 85), (-14, 83), (-4.5, 82)]
    let mx = points.map(\.0).reduce(0, +) / 3
    let my = points.map(\.1).reduce(0, +) / 3
    let slope =
      points.map { ($0.0 - mx) * ($0.1 - my) }.reduce(0, +)
      / points.map { ($0.0 - mx) * ($0.0 - mx) }.reduce(0, +)
    #expect(abs((Double(last[3]) ?? 0) - (my - slope * mx)) < 1e-9, "\(csv)")
    #expect(abs((Double(last[4]) ?? 0) - (-2 / 4.5)) < 1e-9, "\(csv)")
  }

  @Test(arguments: Backend.allCases)
  func goalsAndDueExitCodesForCron(_ backend: Backend) throws {
    let sandbox = try runner(backend)
    // Nothing due on a day with a reading: exit 0.
    sandbox.environment["TALLY_NOW"] = "2024-02-13T20:00"
    #expect(try sandbox.run("due", "--exit-code").status == 0)
    sandbox.environment["TALLY_NOW"] = Self.now
    let due = try sandbox.run("due", "--exit-code", "--format", "csv")
    #expect(due.status == 3)
    #expect(due.stdout.hasPrefix("project,frequency,last_reading,periods_missed\nRun,daily,"))
    #expect(try sandbox.run("due").status == 0)
    // Without a goal: nothing at risk.
    #expect(try sandbox.run("goals", "--exit-code").status == 0)
    try sandbox.succeed("project", "edit", "Run", "--goal", "20", "--goal-per", "weekly")
    // 33.6 km forecast >= 20: on track.
    let onTrack = try sandbox.run("goals", "--exit-code", "--format", "csv")
    #expect(onTrack.status == 0)
    #expect(
      onTrack.stdout
        == "project,period,goal,goal_is,headline,progress,forecast,needed_per_day,state\n"
        + "Run,2024-W07,20,at-least,12,60,33.6,1.77777777777778,on track\n")
    // At least 40: 33.6 misses it, at risk; 40-12 = 28 km over 4.5 days.
    try sandbox.succeed("project", "edit", "Run", "--goal", "40")
    let atRisk = try sandbox.run("goals", "--exit-code", "--format", "json")
    #expect(atRisk.status == 3)
    #expect(atRisk.stdout.contains(#""state":"at risk""#), "\(atRisk.stdout)")
    // At least 10: 12 reached already, met.
    try sandbox.succeed("project", "edit", "Run", "--goal", "10")
    #expect(try sandbox.succeed("goals", "--format", "csv").hasSuffix(",met\n"))
    // At most 10: 12 is over it already, missed.
    try sandbox.succeed("project", "edit", "Run", "--goal-is", "at-most")
    let missed = try sandbox.run("goals", "--exit-code", "--format", "csv")
    #expect(missed.status == 3)
    #expect(missed.stdout.hasSuffix(",missed\n"))
  }

  @Test(arguments: Backend.allCases)
  func metricsParseWithPrometheusOwnParser(_ backend: Backend) throws {
    let sandbox = try runner(backend)
    let title = "Ru\"n\\ {a=\"b\"} ü"
    try sandbox.succeed(
      "project", "edit", "Run", "--title", title, "--goal", "20", "--goal-per", "weekly")
    let file = sandbox.folder.appendingPathComponent("tally.prom")
    try sandbox.succeed("metrics", "--output", file.path)
    let script = """
      import json, sys
      from prometheus_client.parser import text_string_to_metric_families
      out = {}
      for family in text_string_to_metric_families(open(sys.argv[1]).read()):
          for s in family.samples:
              out[s.name] = [s.labels["project"], s.labels["kind"], s.labels["units"], s.value, family.type]
      print(json.dumps(out, sort_keys=True))
      """
    let python = TallyBinary(program: URL(fileURLWithPath: "/usr/bin/env"))
    let parsed = try python.run(["python3", "-c", script, file.path])
    #expect(parsed.status == 0, "\(parsed.stderr)")
    let samples = try #require(
      try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: [Any]])
    func value(_ name: String) -> Double? { samples[name]?[3] as? Double }
    #expect(samples["tally_readings"]?[0] as? String == title)
    #expect(samples["tally_readings"]?[4] as? String == "gauge")
    #expect(value("tally_readings") == 5)
    // 2024-02-13T07:00Z.
    #expect(value("tally_last_reading_timestamp_seconds") == 1_707_807_600)
    #expect(value("tally_last_reading_amount") == 7)
    // The running period of its report (the goal's week): 12 km; the day has none: due.
    #expect(value("tally_period_headline") == 12)
    #expect(value("tally_goal_amount") == 20)
    #expect(value("tally_goal_progress_ratio") == 0.6)
    #expect(value("tally_goal_on_track") == 1)
    #expect(value("tally_due") == 1)
  }

  @Test func markdownListsTheJudgedPeriodsWithoutReadingsToo() throws {
    let sandbox = try runner(.sqlite)
    try sandbox.succeed("item", "delete", "3", "--yes")  // W06 has no reading now
    try sandbox.succeed("project", "edit", "Run", "--goal", "20", "--goal-per", "weekly")
    let markdown = try sandbox.succeed("report", "Run", "--format", "markdown")
    #expect(markdown.contains("| 2024-W06 |"), "\(markdown)")
    #expect(markdown.contains("| 2024-W07 |"), "\(markdown)")
  }

  @Test func laterReadingsAreNotThePaceSoFar() throws {
    let sandbox = try runner(.sqlite)
    try sandbox.succeed("project", "edit", "Run", "--goal", "20", "--goal-per", "weekly")
    // A run typed ahead for Saturday is not part of the 12 km so far.
    try sandbox.succeed("item", "add", "Run", "30", "--at", "2024-02-17T07:00")
    #expect(
      try sandbox.succeed("goals", "--format", "csv").hasSuffix(
        "Run,2024-W07,20,at-least,12,60,33.6,1.77777777777778,on track\n"))
  }

  @Test func instantsAfterNowAreRefused() throws {
    let sandbox = try runner(.sqlite)
    let before = try sandbox.everything()
    for (arguments, message) in [
      (["report", "Run", "--as-of", "2024-03-01"], "--as-of 2024-03-01 is after now"),
      (
        ["project", "edit", "Run", "--goal", "5", "--goal-since", "2024-03-01"],
        "--goal-since 2024-03-01 is after now"
      ),
    ] {
      let result = try sandbox.tally.run(arguments, environment: sandbox.environment)
      #expect(result.status == 1)
      #expect(result.stderr.contains(message), "\(result.stderr)")
    }
    #expect(try sandbox.everything() == before)
  }

  @Test func aTinyShareIsNotShownAsZero() throws {
    let sandbox = try Sandbox()
    sandbox.environment["TALLY_NOW"] = Self.now
    for side in ["at-least", "at-most"] {
      try sandbox.succeed(
        "project", "add", "T \(side)", "--frequency", "weekly", "--goal", "100", "--goal-is", side)
      try sandbox.succeed("item", "add", "T \(side)", "0.001", "--at", "2024-01-03")
      let table = try sandbox.succeed(
        "report", "T \(side)", "--format", "table", "--to", "2024-01-08")
      #expect(table.contains(" 0.1% "), "\(table)")
    }
  }

  @Test(arguments: Backend.allCases)
  func aMeterForecastGoesOnAtItsRatePerDay(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    sandbox.environment["TALLY_NOW"] = Self.now
    try sandbox.succeed(
      "project", "add", "Power", "--frequency", "monthly", "--units", "kWh", "--kind", "meter",
      "--goal", "300", "--goal-is", "at-most")
    // 100 kWh over the 10 days from Feb 1 to Feb 11: 10 a day, so February's 29 days make 290
    // (within 300: on track); (300 - 100) kWh over the 15.5 days left = 12.903... a day.
    try sandbox.succeed("item", "add", "Power", "1000", "--at", "2024-02-01T00:00")
    try sandbox.succeed("item", "add", "Power", "1100", "--at", "2024-02-11T00:00")
    #expect(
      try sandbox.succeed("goals", "--format", "csv").hasSuffix(
        "Power,2024-02,300,at-most,100,33.3333333333333,290,12.9032258064516,on track\n"))
  }

  /// A goal written past tally (through SQL) that judges from the year 1000, or one that has
  /// aged past the bound tally holds a typed `--goal-since` to: its reports judge the newest
  /// 100,000 periods instead of failing, and `report --all` of everyone still lists the rest.
  @Test(arguments: Backend.allCases)
  func aGoalThatJudgesCenturiesJudgesTheNewestPeriods(_ backend: Backend) throws {
    let sandbox = try runner(backend)
    try sandbox.succeed("project", "add", "Swim", "--frequency", "daily")
    try sandbox.succeed("item", "add", "Swim", "2", "--at", "2024-02-01")
    // From 1000-01-01, at least 20 a day.
    let sql =
      "UPDATE project SET goals = '[{\"from\":-30610224000000000,\"goal\":{\"amount\":20,"
      + "\"direction\":\"at-least\",\"per\":\"daily\"},\"since\":1707912000000000}]' "
      + "WHERE title = 'Run'"
    let database = try #require(sandbox.environment["TALLY_DB"])
    if backend == .postgres {
      _ = try PostgresTestServer.psql(database, sql)
    } else {
      try Sandbox.sqlite(URL(fileURLWithPath: database), sql)
    }
    for words in [["report", "Run"], ["report", "--all"]] {
      let result = try sandbox.run(words + ["--format", "csv"], now: Self.now)
      #expect(result.status == 0, "\(words): \(result.stderr)")
      let rows = result.stdout.split(separator: "\n").dropFirst()
      let run = rows.filter { $0.hasPrefix("Run,") }
      // The newest periods up to today's, running: about 100,000 of them, none more.
      #expect((99_990...100_000).contains(run.count), "\(words): \(run.count)")
      #expect(run.first?.hasPrefix("Run,1750-") == true, "\(String(describing: run.first))")
      #expect(run.last == "Run,2024-02-14,0,0,,,,20,0,", "\(String(describing: run.last))")
      #expect(run.contains("Run,2024-01-29,1,12,12,12,12,20,60,false"))
      if words.contains("--all") {
        #expect(rows.last == "Swim,2024-02-01,1,2,2,2,2,,,", "\(String(describing: rows.last))")
      }
    }
    // The table's streak counts the same periods.
    let table = try sandbox.run(["report", "Run", "--format", "table"], now: Self.now)
    #expect(table.status == 0, "\(table.stderr)")
    // The earliest --goal-since tally takes is listed whole on the day it is taken: the bound
    // at entry is the bound of the report. 100,000 days before the running day's end.
    let early = try sandbox.run(
      [
        "project", "edit", "Swim", "--goal", "1", "--goal-per", "daily", "--goal-since",
        "1750-05-01",
      ], now: Self.now)
    #expect(early.status == 1 && early.stderr.contains("at most 100000"), "\(early.stderr)")
    let earliest = try sandbox.run(
      [
        "project", "edit", "Swim", "--goal", "1", "--goal-per", "daily", "--goal-since",
        "1750-05-02",
      ], now: Self.now)
    #expect(earliest.status == 0, "\(earliest.stderr)")
    let swim = try sandbox.run(["report", "Swim", "--format", "csv"], now: Self.now)
    let periods = swim.stdout.split(separator: "\n").dropFirst()
    #expect(periods.count == 100_000, "\(periods.count)")
    #expect(periods.first?.hasPrefix("Swim,1750-05-02,") == true)
    // A reading in the year 1 (any writer may add one): the readings span far more periods
    // than a report asks for at once, the goal's are still asked for at once, and the report
    // lists that reading's day and the judged ones (on a server: not a query a period).
    try sandbox.succeed("item", "add", "Swim", "4", "--at", "0001-01-01", now: Self.now)
    let old = try sandbox.run(["report", "Swim", "--format", "csv"], now: Self.now)
    #expect(old.status == 0, "\(old.stderr)")
    let rows = old.stdout.split(separator: "\n").dropFirst()
    #expect(rows.first == "Swim,0001-01-01,1,4,4,4,4,,,", "\(String(describing: rows.first))")
    #expect(rows.count == 100_001, "\(rows.count)")
    #expect(rows.contains("Swim,2024-02-01,1,2,2,2,2,1,200,true"))
  }
}
