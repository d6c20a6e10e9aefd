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
        Error: the new reading is marked as a reset at -5 km: a meter reset or replaced counts \
        again from 0, so its reading is never below 0
        Nothing was changed. Give the dial's reading after the reset (0 or more).

        """)
    let edited = try sandbox.run("item", "edit", "2", "--amount", "-1")
    #expect(edited.status == 1)
    #expect(edited.stderr.hasPrefix("Error: reading 2 is marked as a reset at -1 km: "))

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
}
