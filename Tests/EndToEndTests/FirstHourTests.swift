import Foundation
import Testing

/// What a new user meets in the first hour, on SQLite and on a server alike: an edit that asks
/// for what is there changes nothing, a meter's reset is never below 0, a timer runs only on a
/// unit of time and keeps the seconds of a short run.
@Suite struct FirstHourTests {
  @Test(arguments: Backend.allCases)
  func anEditThatChangesNothingSaysSoAndRecordsNothing(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Spend", "--frequency", "daily", "--units", "EUR")
    try sandbox.succeed("item", "add", "Spend", "5", "--at", "2024-01-01", "--tag", "food")
    try sandbox.succeed("project", "edit", "Spend", "--decimals", "0")
    try sandbox.succeed("item", "edit", "1", "--amount", "6")
    try sandbox.succeed("undo")
    let before = try sandbox.everything()
    let log = try sandbox.succeed("log", "--format", "csv")
    for (words, what) in [
      (["item", "edit", "1", "--add-tag", "food"], "reading 1 of Spend"),
      (["item", "edit", "1", "--amount", "5", "--note", ""], "reading 1 of Spend"),
      (["project", "edit", "Spend", "--decimals", "0"], "project Spend"),
      (["project", "edit", "Spend", "--units", "EUR", "--frequency", "daily"], "project Spend"),
    ] {
      let result = try sandbox.tally.run(words, environment: sandbox.environment)
      #expect(result.status == 0, "\(words)")
      #expect(result.stderr == "Nothing changed: \(what) is already as asked\n", "\(words)")
      #expect(try sandbox.everything() == before, "\(words)")
      #expect(try sandbox.succeed("log", "--format", "csv") == log, "\(words)")
    }
    // The undone edit can still be redone: nothing cleared it.
    #expect(try sandbox.succeed("redo") == "")
    #expect(try sandbox.succeed("item", "list", "Spend", "--format", "csv").contains(",6,"))
  }

  @Test(arguments: Backend.allCases)
  func aMeterResetIsNeverBelowZeroOnAnyPath(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed(
      "project", "add", "Car", "--frequency", "monthly", "--units", "km", "--kind", "meter")
    try sandbox.succeed("item", "add", "Car", "1000", "--at", "2024-01-01")
    try sandbox.succeed("item", "add", "Car", "20", "--at", "2024-02-01", "--reset")
    let before = try sandbox.everything()

    let added = try sandbox.run("item", "add", "Car", "--", "-5", "--reset", "--at", "2024-03-01")
    #expect(added.status == 1)
    #expect(
      added.stderr == """
        Error: a meter reset or replaced counts again from 0, so a reset reading is never below \
        0: the new reading would be a reset at -5 km
        Nothing was changed. Give the dial's reading after the reset (0 or more).

        """)
    let edited = try sandbox.run("item", "edit", "2", "--amount", "-1")
    #expect(edited.status == 1)
    #expect(edited.stderr.contains(": reading 2 would be a reset at -1 km\n"))

    let file = sandbox.folder.appendingPathComponent("resets.csv")
    try "date,amount,reset\n2024-03-01,30,no\n2024-04-01,-3,yes\n".write(
      to: file, atomically: true, encoding: .utf8)
    let imported = try sandbox.run("import", file.path, "--project", "Car")
    #expect(imported.status == 1)
    #expect(
      imported.stderr.hasPrefix(
        "Error: \(file.path), line 3, column amount: '-3': is below 0 on a row marked as a "
          + "reset: a meter reset or replaced counts again from 0\n"))
    #expect(try sandbox.everything() == before)
    // A reset of 0 is what a new dial shows.
    try sandbox.succeed("item", "add", "Car", "0", "--reset", "--at", "2024-03-01")
  }

  @Test(arguments: Backend.allCases)
  func aTimerRunsOnlyOnUnitsOfTimeAndKeepsTheSecondsOfAShortRun(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Mileage", "--frequency", "monthly", "--units", "km")
    try sandbox.succeed("project", "add", "Writing", "--frequency", "daily", "--units", "h")
    let before = try sandbox.everything()
    let refused = try sandbox.run("timer", "start", "Mileage")
    #expect(refused.status == 1)
    #expect(
      refused.stderr == """
        Error: a timer records time; the units of Mileage (km) are not a unit of time
        Time it in a project whose units are h, min or s (`tally project add TITLE --frequency \
        daily --units h`), or give this one such units (`tally project edit Mileage --units h`).

        """)
    #expect(try sandbox.everything() == before)

    try sandbox.succeed("timer", "start", "Writing", now: "2024-03-01T09:00:00Z")
    let stopped = try sandbox.run("timer", "stop", "Writing", now: "2024-03-01T09:00:42Z")
    #expect(
      stopped.stderr
        == "Stopped the timer for Writing after 0:00:42 (h:mm:ss): recorded 0:00:42 h\n")
    #expect(
      try sandbox.succeed("item", "list", "Writing", "--format", "csv")
        == "id,timestamp,amount,note\n1,2024-03-01T09:00:00+00:00,\(42.0 / 3600),timer\n")
  }

  @Test(arguments: Backend.allCases)
  func machineReportsCarryEachKindsFiguresAsTheTableNamesThem(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    let now = "2024-03-15T12:00:00Z"
    try sandbox.succeed(
      "project", "add", "Car", "--frequency", "monthly", "--units", "km", "--kind", "meter",
      "--group", "H")
    try sandbox.succeed("item", "add", "Car", "1000", "--at", "2024-01-01T00:00:00Z")
    try sandbox.succeed("item", "add", "Car", "1310", "--at", "2024-02-01T00:00:00Z")
    try sandbox.succeed(
      "project", "add", "Weight", "--frequency", "weekly", "--units", "kg", "--kind", "gauge",
      "--group", "H")
    try sandbox.succeed("item", "add", "Weight", "80", "--at", "2024-03-04T08:00:00Z")
    try sandbox.succeed("item", "add", "Weight", "79", "--at", "2024-03-11T08:00:00Z")
    try sandbox.succeed(
      "project", "add", "Spend", "--frequency", "monthly", "--units", "EUR", "--group", "H")
    try sandbox.succeed("item", "add", "Spend", "12.5", "--at", "2024-01-10T00:00:00Z")

    // The meter's usage, not its dials added up.
    #expect(
      try sandbox.run("report", "Car", "--format", "csv", now: now).stdout == """
        project,period,count,last,usage,rate
        Car,2024-01,1,1000,310,10
        Car,2024-02,1,1310,0,

        """)
    // The gauge's levels, not its weights summed.
    #expect(
      try sandbox.run("report", "Weight", "--format", "csv", now: now).stdout == """
        project,period,count,first,last,change,min,max,mean
        Weight,2024-W10,1,80,80,,80,80,80
        Weight,2024-W11,1,79,79,-1,79,79,79

        """)
    // Several kinds: every kind's figures, each row only those of its own table.
    #expect(
      try sandbox.run(
        "report", "--group", "H", "--format", "csv", "--from", "2024-01-01T00:00:00Z", "--to",
        "2024-02-01T00:00:00Z", "--period", "monthly", now: now
      ).stdout == """
        project,period,count,sum,min,max,mean,first,last,change,usage,rate
        Car,2024-01,1,,,,,,1000,,310,10
        Spend,2024-01,1,12.5,12.5,12.5,12.5,,,,,
        H (all),2024-01,1,12.5,12.5,12.5,12.5,,,,,

        """)
    #expect(
      try sandbox.run("report", "Car", "--format", "json", "--to", "2024-02-01", now: now).stdout
        == """
        [
        {"project":"Car","period":"2024-01","count":1,"last":1000,"usage":310,"rate":10}
        ]

        """)
    // A statistic of another kind is refused, naming those that fit.
    let wrong = try sandbox.run("report", "Weight", "--stats", "usage", now: now)
    #expect(wrong.status == 1)
    #expect(
      wrong.stderr.contains(
        "--stats usage does not apply to Weight, a gauge project: usage is for meter projects"))
  }

  @Test(arguments: Backend.allCases)
  func reportAndGoalsAgreeOnTheRunningPeriodAndAForecastWaitsForAQuarter(_ backend: Backend)
    throws
  {
    let sandbox = try Sandbox(backend)
    sandbox.environment["TZ"] = "UTC"
    try sandbox.succeed(
      "project", "add", "Run", "--frequency", "daily", "--units", "km", "--goal", "5")
    try sandbox.succeed(
      "project", "add", "Writing", "--frequency", "daily", "--units", "h", "--goal", "2")
    try sandbox.succeed("item", "add", "Run", "24", "--at", "2024-03-15T01:00:00Z")
    try sandbox.succeed("item", "add", "Writing", "0.5", "--at", "2024-03-15T04:30:00Z")
    let early = "2024-03-15T04:56:00Z"
    // Met already: report and goals say so alike, and nothing more is needed.
    #expect(
      try sandbox.run(
        "report", "Run", "--format", "csv", "--from", "2024-03-15", "--forecast", now: early
      ).stdout == """
        project,period,count,sum,min,max,mean,goal,progress,met,forecast,needed_per_day
        Run,2024-03-15,1,24,24,24,24,5,480,true,,0

        """)
    #expect(
      try sandbox.run("goals", "--format", "csv", now: early).stdout == """
        project,period,goal,goal_is,headline,progress,forecast,needed_per_day,state
        Run,2024-03-15,5,at-least,24,480,,0,met
        Writing,2024-03-15,2,at-least,0.5,25,,1.88811188811189,too early

        """)
    // 25 minutes are not a day's pace; six hours are, and the line says what it rests on.
    let table = try sandbox.run(
      "report", "Writing", "--format", "table", "--from", "2024-03-15", "--forecast", now: early)
    #expect(
      table.stdout.contains(
        "Forecast for 2024-03-15: none before a quarter of it has passed (20% so far), too "
          + "early for at least 2:00 h per day; 1:53 h a day from now reaches it."))
    let later = try sandbox.run(
      "report", "Writing", "--format", "table", "--from", "2024-03-15", "--forecast",
      now: "2024-03-15T08:00:00Z")
    #expect(
      later.stdout.contains(
        "Forecast for 2024-03-15: 1:30 h at this pace (0:30 h in the first 33% of it), at risk "
          + "for at least 2:00 h per day; 2:15 h a day from now reaches it."))
    #expect(
      try sandbox.run(
        "report", "Run", "--format", "table", "--from", "2024-03-15", "--forecast", now: early
      ).stdout.contains(
        "Forecast for 2024-03-15: met already, with 24 km so far, for at least 5 km per day."))
  }

  @Test(arguments: Backend.allCases)
  func readingsDatedLaterArePlansNotProgressEverywhere(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    sandbox.environment["TZ"] = "UTC"
    try sandbox.succeed(
      "project", "add", "Run", "--frequency", "monthly", "--units", "km", "--goal", "20")
    for (day, amount) in [("01", "6"), ("10", "8"), ("12", "7")] {
      try sandbox.succeed("item", "add", "Run", amount, "--at", "2024-03-\(day)")
    }
    let early = "2024-03-02T00:00:00Z"
    // All three readings are the month's, but only the first has happened: 6 km, 30%.
    #expect(
      try sandbox.run("report", "Run", "--format", "csv", now: early).stdout == """
        project,period,count,sum,min,max,mean,goal,progress,met
        Run,2024-03,3,21,6,8,7,20,30,

        """)
    #expect(
      try sandbox.run("goals", "--format", "csv", now: early).stdout.hasPrefix(
        "project,period,goal,goal_is,headline,progress,forecast,needed_per_day,state\n"
          + "Run,2024-03,20,at-least,6,30,,"))
    // Once they have happened, the goal is met, everywhere.
    let later = "2024-03-13T00:00:00Z"
    #expect(
      try sandbox.run("report", "Run", "--format", "csv", now: later).stdout
        .hasSuffix("Run,2024-03,3,21,6,8,7,20,105,true\n"))
    #expect(try sandbox.run("goals", "--format", "csv", now: later).stdout.hasSuffix(",met\n"))
  }

  @Test(arguments: Backend.allCases)
  func typedPathsReadTheHomeFolderAndAMissingDatabaseIsNamed(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    let home = sandbox.folder.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    sandbox.environment["HOME"] = home.path
    try sandbox.succeed("project", "add", "Spend", "--frequency", "daily", "--units", "EUR")
    try sandbox.succeed("item", "add", "Spend", "5", "--at", "2024-01-01")
    try "date,amount\n2024-01-02,7\n".write(
      to: home.appendingPathComponent("in.csv"), atomically: true, encoding: .utf8)
    try sandbox.succeed("import", "~/in.csv", "--project", "Spend")
    try sandbox.succeed(
      "report", "Spend", "--output", "~/r.csv", "--chart", "~/r.svg", "--format", "markdown")
    try sandbox.succeed("backup", "~/b.sqlite")
    for name in ["r.csv", "r.svg", "b.sqlite"] {
      #expect(
        FileManager.default.fileExists(atPath: home.appendingPathComponent(name).path), "\(name)")
    }
    let restored = try Sandbox()
    restored.environment["HOME"] = home.path
    try restored.succeed("restore", "~/b.sqlite")
    #expect(
      try restored.succeed("export", "--format", "csv")
        == (try sandbox.succeed("export", "--format", "csv")))

    // A mistyped --db: the answer of an empty database, and the path named as missing.
    let missing = home.appendingPathComponent("typo.sqlite").path
    let failed = try sandbox.run("--db", "~/typo.sqlite", "item", "list", "Spend")
    #expect(failed.status == 1)
    #expect(
      failed.stderr == """
        Error: there is no project titled 'Spend'
        `tally project list` shows the projects.
        There is no database at \(missing): check --db or TALLY_DB, or make it with `tally project add`.

        """)
    let listed = try sandbox.run("--db", "~/typo.sqlite", "project", "list", "--format", "csv")
    #expect(listed.status == 0)
    #expect(listed.stdout == "title,units,frequency,readings,last_reading,updated_at,group\n")
    #expect(
      listed.stderr == "Note: there is no database at \(missing) yet, so this is what an empty "
        + "one holds: check --db or TALLY_DB, or make it with `tally project add`.\n")
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  @Test func aTimeTheZoneSkipsIsRefusedAndAColumnHasOneShape() throws {
    let sandbox = try Sandbox()
    sandbox.environment["TZ"] = "Europe/Berlin"
    try sandbox.succeed("project", "add", "Run", "--frequency", "daily", "--units", "km")
    let before = try sandbox.everything()
    let skipped = try sandbox.run("item", "add", "Run", "3", "--at", "2024-03-31 02:30")
    #expect(skipped.status == 1)
    #expect(
      skipped.stderr.hasPrefix(
        "Error: --at '2024-03-31 02:30': is a time that Europe/Berlin skips (its clocks jump "
          + "forward there); write the time after the jump, such as 2024-03-31 03:30, or give "
          + "an offset"))
    #expect(try sandbox.everything() == before)
    // A date alone is the start of its day; an offset names the instant.
    try sandbox.succeed("item", "add", "Run", "3", "--at", "2024-03-31")
    try sandbox.succeed("item", "add", "Run", "4", "--at", "2024-03-31T02:30+01:00")
    try sandbox.succeed("item", "add", "Run", "5", "--at", "2024-04-01 10:00:07")
    #expect(
      try sandbox.succeed("item", "list", "Run", "--format", "table") == """
        ID  TIME                 AMOUNT (km)  NOTE
        ------------------------------------------
        2024-03-31
         1  2024-03-31 00:00:00            3
         2  2024-03-31 03:30:00            4
        2024-04-01
         3  2024-04-01 10:00:07            5

        """)
  }

  @Test func ctrlCDuringAnImportSaysNothingWasImportedAndLeavesNoWAL() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Big", "--frequency", "daily")
    let before = try sandbox.everything()
    let database = try #require(sandbox.environment["TALLY_DB"])
    let process = Process()
    process.executableURL = sandbox.tally.url
    process.arguments = ["import", "-", "--project", "Big"]
    process.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    func rows(_ range: Range<Int>) -> Data {
      Data(range.map { String(format: "2024-01-01T00:00:%02dZ,%d\n", $0 % 60, $0) }.joined().utf8)
    }
    input.fileHandleForWriting.write(Data("date,amount\n".utf8) + rows(0..<5_000))
    // The import is under way once SQLite's write-ahead log is there.
    for _ in 0..<400 where !FileManager.default.fileExists(atPath: database + "-wal") {
      usleep(25_000)
    }
    kill(process.processIdentifier, SIGINT)
    usleep(200_000)
    // tally stops reading when it stops: the rest may meet a closed pipe, which is no failure
    // of this test (a write error, not a SIGPIPE that would end the test's process).
    signal(SIGPIPE, SIG_IGN)
    try? input.fileHandleForWriting.write(contentsOf: rows(5_000..<20_000))
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 130)
    #expect(
      stderr.contains(": nothing was imported\nThe database is as it was before the import.\n"))
    #expect(try sandbox.everything() == before)
    #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
  }
}
