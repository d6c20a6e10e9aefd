import Foundation
import Testing

/// Time as people write it: a project in units of time takes `1:20` and `1h20m`, shows clocks
/// to people, and keeps CSV and JSON as the numbers they were.
@Suite struct DurationEndToEndTests {
  /// `Writing` in hours with four readings in one day.
  func writing(_ backend: Backend) throws -> Sandbox {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Writing", "--frequency", "daily", "--units", "h")
    for amount in ["1:20", "1h20m", "45m", "0.5"] {
      try sandbox.succeed("item", "add", "Writing", amount, "--at", "2024-03-01T09:00")
    }
    return sandbox
  }

  @Test(arguments: Backend.allCases) func durationsBecomeTheProjectsUnitsExactly(
    _ backend: Backend
  ) throws {
    let sandbox = try writing(backend)
    try sandbox.succeed("item", "add", "Writing", "-0:30", "--at", "2024-03-02")
    try sandbox.succeed("project", "add", "Reading", "--frequency", "daily", "--units", "min")
    try sandbox.succeed("item", "add", "Reading", "1:20", "--at", "2024-03-01")
    try sandbox.succeed("project", "add", "Laps", "--frequency", "daily", "--units", "seconds")
    try sandbox.succeed("item", "add", "Laps", "1h20m30s", "--at", "2024-03-01")
    try sandbox.succeed("item", "add", "Laps", "45s", "--at", "2024-03-01")
    let export = try sandbox.succeed("export")
    #expect(
      export == """
        project,timestamp,amount,note
        Laps,2024-03-01T00:00:00+00:00,4830,
        Laps,2024-03-01T00:00:00+00:00,45,
        Reading,2024-03-01T00:00:00+00:00,80,
        Writing,2024-03-01T09:00:00+00:00,1.3333333333333333,
        Writing,2024-03-01T09:00:00+00:00,1.3333333333333333,
        Writing,2024-03-01T09:00:00+00:00,0.75,
        Writing,2024-03-01T09:00:00+00:00,0.5,
        Writing,2024-03-02T00:00:00+00:00,-0.5,

        """)
  }

  @Test(arguments: Backend.allCases) func peopleSeeClocks(_ backend: Backend) throws {
    let sandbox = try writing(backend)
    let list = try sandbox.succeed("item", "list", "Writing")
    #expect(list.contains("AMOUNT (h:mm)"))
    for clock in ["1:20", "0:45", "0:30"] { #expect(list.contains(" \(clock)\n"), "\(list)") }
    #expect(!list.contains("1.33"))
    // 1:20 + 1:20 + 0:45 + 0:30 = 3:55
    let table = try sandbox.succeed("report", "Writing", "--format", "table")
    #expect(table.contains("3:55"), "\(table)")
    let markdown = try sandbox.succeed("report", "Writing", "--format", "markdown")
    #expect(markdown.contains("| 2024-03-01 | 4 | 3:55 | 0:30 | 1:20 | 0:59 |"), "\(markdown)")
    let added = try sandbox.run("item", "add", "Writing", "2:05", "--at", "2024-03-03")
    #expect(added.stderr.contains(": 2:05 h"), "\(added.stderr)")
    let repl = try sandbox.run("repl", input: "open Writing\nadd 1:20 --note typed\n")
    #expect(repl.status == 0, "\(repl.stderr)")
    #expect(repl.stdout.contains("1:20 h  typed"), "\(repl.stdout)")
    #expect(!repl.stdout.contains("1.33"))
  }

  /// CSV and JSON carry the numbers as stored: the same bytes as for a project in `km`.
  @Test(arguments: Backend.allCases) func programsGetTheSameNumbers(_ backend: Backend) throws {
    let sandbox = try writing(backend)
    try sandbox.succeed("project", "add", "Km", "--frequency", "daily", "--units", "km")
    for amount in ["1.3333333333333333", "1.3333333333333333", "0.75", "0.5"] {
      try sandbox.succeed("item", "add", "Km", amount, "--at", "2024-03-01T09:00")
    }
    for arguments in [
      ["report", "P", "--format", "csv"], ["report", "P", "--format", "json"],
      ["report", "P", "--format", "csv", "--stats", "sum,mean,rolling_mean", "--rolling", "2"],
      ["item", "list", "P", "--format", "csv"], ["item", "list", "P", "--format", "json"],
    ] {
      let run = { (title: String) in
        try sandbox.tally.run(
          arguments.map { $0 == "P" ? title : $0 }, environment: sandbox.environment)
      }
      let time = try run("Writing")
      let km = try run("Km")
      #expect(time.status == 0 && km.status == 0, "\(arguments)")
      // Reading ids differ; amounts, sums and means do not.
      let strip = { (text: String) in
        text.replacingOccurrences(of: "Writing", with: "P").replacingOccurrences(
          of: "Km", with: "P"
        )
        .replacingOccurrences(of: #""id":\d+"#, with: "", options: .regularExpression)
        .replacingOccurrences(of: #"(?m)^\d+,"#, with: "", options: .regularExpression)
      }
      #expect(strip(time.stdout) == strip(km.stdout), "\(arguments)")
      #expect(time.stdout.contains("1.3333333333333333") || arguments[0] == "report")
    }
    #expect(
      try sandbox.succeed("report", "Writing", "--format", "csv")
        == "project,period,count,sum,min,max,mean\nWriting,2024-03-01,4,3.91666666666667,0.5,1.33333333333333,0.979166666666667\n"
    )
  }

  @Test(
    arguments: [
      ("1:75", "minutes and seconds on a clock are 00 to 59"),
      ("1h20x", "not a number or a duration"),
      ("1:5", "two digits for the minutes"), ("1h90m", "0 to 59"), ("1.5h", "whole hours"),
    ])
  func badDurationsAreRefusedAndChangeNothing(text: String, reason: String) throws {
    let sandbox = try writing(.sqlite)
    let before = try sandbox.everything()
    for arguments in [
      ["item", "add", "Writing", text], ["item", "edit", "1", "--amount", text],
      ["project", "edit", "Writing", "--goal", text],
    ] {
      let result = try sandbox.tally.run(arguments, environment: sandbox.environment)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stderr.contains("'\(text)': "), "\(result.stderr)")
      #expect(result.stderr.contains(reason), "\(result.stderr)")
    }
    #expect(try sandbox.everything() == before)
  }

  @Test(arguments: Backend.allCases) func aProjectNotInTimeRefusesDurations(_ backend: Backend)
    throws
  {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Km", "--frequency", "daily", "--units", "km")
    try sandbox.succeed("item", "add", "Km", "5", "--at", "2024-03-01")
    let before = try sandbox.everything()
    for arguments in [
      ["item", "add", "Km", "1:20"], ["item", "edit", "1", "--amount", "1h"],
      ["project", "edit", "Km", "--goal", "7:30"],
    ] {
      let result = try sandbox.tally.run(arguments, environment: sandbox.environment)
      #expect(result.status == 1, "\(arguments)")
      #expect(
        result.stderr.contains("a duration, but the project's units (km) are not a unit of time"),
        "\(result.stderr)")
    }
    #expect(try sandbox.everything() == before)
    let plain = try sandbox.run("item", "add", "Km", "abc")
    #expect(plain.status == 1)
    #expect(plain.stderr.contains("amount 'abc': not a number"))
  }

  @Test(arguments: Backend.allCases) func editsAndGoalsTakeDurations(_ backend: Backend) throws {
    let sandbox = try writing(backend)
    try sandbox.succeed("item", "edit", "4", "--amount", "1:30")
    try sandbox.succeed("project", "edit", "Writing", "--goal", "7:30")
    try sandbox.succeed(
      "project", "add", "Reading", "--frequency", "daily", "--units", "min", "--goal", "1h",
      "--goal-per", "weekly")
    let export = try sandbox.succeed("export")
    #expect(export.contains("Writing,2024-03-01T09:00:00+00:00,1.5,"), "\(export)")
    let goals = try sandbox.succeed("goals", "--format", "csv", now: "2024-03-01T12:00")
    #expect(goals.contains("Writing,2024-03-01,7.5,at-least,"), "\(goals)")
    #expect(goals.contains("Reading,2024-W09,60,at-least,"), "\(goals)")
    let table = try sandbox.succeed("goals", now: "2024-03-01T12:00")
    #expect(table.contains("at least 7:30 h per day"), "\(table)")
  }

  @Test func decimalsShowNumbersInsteadOfClocks() throws {
    let sandbox = try writing(.sqlite)
    try sandbox.succeed("project", "edit", "Writing", "--decimals", "2")
    let list = try sandbox.succeed("item", "list", "Writing")
    #expect(list.contains("AMOUNT (h)"))
    #expect(list.contains("1.33"))
    let report = try sandbox.succeed("report", "Writing", "--format", "table")
    #expect(report.contains("3.92"))
    try sandbox.succeed("project", "edit", "Writing", "--decimals", "none")
    #expect(try sandbox.succeed("item", "list", "Writing").contains("1:20"))
  }

  @Test(arguments: Backend.allCases) func timerListIsTimerStatus(_ backend: Backend) throws {
    let sandbox = try writing(backend)
    try sandbox.succeed("timer", "start", "Writing", now: "2024-03-01T10:00")
    for format in ["table", "csv", "json"] {
      let list = try sandbox.succeed("timer", "list", "--format", format, now: "2024-03-01T11:20")
      let status = try sandbox.succeed(
        "timer", "status", "--format", format, now: "2024-03-01T11:20")
      #expect(list == status)
    }
    #expect(
      try sandbox.succeed("timer", "list", "--format", "csv", now: "2024-03-01T11:20")
        == "project,started_at,elapsed_seconds,note,tags\nWriting,2024-03-01T10:00:00+00:00,4800,,\n"
    )
    let stopped = try sandbox.run("timer", "stop", "Writing", now: "2024-03-01T11:20")
    #expect(stopped.stderr.contains("after 1:20 (h:mm): recorded 1:20 h"), "\(stopped.stderr)")
    let repl = try sandbox.run("repl", input: "timer list\n")
    #expect(repl.status == 0)
  }
}
