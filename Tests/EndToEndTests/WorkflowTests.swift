import Foundation
import Testing

@Suite struct WorkflowTests {
  @Test(arguments: Backend.allCases) func projectsAndReadingsFromAddToExport(_ backend: Backend)
    throws
  {
    let sandbox = try Sandbox(backend)
    let created = try sandbox.run(
      "project", "add", "Mileage", "--frequency", "monthly", "--units", "km",
      now: "2024-03-01T09:00:00Z")
    #expect(created.status == 0)
    #expect(created.stdout.isEmpty)
    #expect(created.stderr == "Created project Mileage\n")
    try sandbox.succeed(
      "item", "add", "Mileage", "42.5", "--at", "2024-01-15", "--note", "full, tank")
    try sandbox.succeed("item", "add", "mileage", "10", "--at", "2024-02-01T08:30:00+01:00")
    try sandbox.succeed("item", "add", "Mileage", "-3.25", "--at", "2024-02-03T10:00")

    #expect(
      try sandbox.succeed("item", "list", "Mileage", "--format", "csv") == """
        id,timestamp,amount,note
        1,2024-01-15T00:00:00+00:00,42.5,"full, tank"
        2,2024-02-01T07:30:00+00:00,10,
        3,2024-02-03T10:00:00+00:00,-3.25,

        """)
    #expect(
      try sandbox.succeed("item", "list", "Mileage", "--from", "2024-02-01", "--to", "2024-02-02")
        .contains("2024-02-01 07:30"))
    let table = try sandbox.succeed("item", "list", "Mileage")
    #expect(table.contains("2024-01\n"))
    #expect(table.contains("2024-02\n"))

    #expect(
      try sandbox.succeed("export") == """
        project,timestamp,amount,note
        Mileage,2024-01-15T00:00:00+00:00,42.5,"full, tank"
        Mileage,2024-02-01T07:30:00+00:00,10,
        Mileage,2024-02-03T10:00:00+00:00,-3.25,

        """)
    let json = try sandbox.succeed("export", "--format", "json")
    let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    #expect(decoded?.count == 3)
    #expect(decoded?.first?["amount"] as? Double == 42.5)
    #expect(decoded?.last?["note"] is NSNull)
    #expect(
      Set(decoded?.first?.keys.map { $0 } ?? []) == ["project", "timestamp", "amount", "note"])
  }

  @Test(arguments: Backend.allCases) func theProjectListInEveryFormat(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed(
      "project", "add", "Spend", "--frequency", "daily", "--units", "EUR",
      now: "2024-01-01T00:00:00Z")
    try sandbox.succeed(
      "project", "add", "Weight", "--frequency", "daily", now: "2024-01-02T00:00:00Z")
    try sandbox.succeed(
      "item", "add", "Spend", "12.5", "--at", "2024-01-03T12:00", now: "2024-01-03T12:00:00Z")
    #expect(
      try sandbox.succeed("project", "list", "--format", "csv") == """
        title,units,frequency,readings,last_reading,updated_at,group
        Spend,EUR,daily,1,2024-01-03T12:00:00+00:00,2024-01-03T12:00:00+00:00,
        Weight,,daily,0,,2024-01-02T00:00:00+00:00,

        """)
    let json = try sandbox.succeed("project", "list", "--format", "json")
    #expect(
      json.contains(
        #"{"title":"Weight","units":"","frequency":"daily","readings":0,"last_reading":null,"updated_at":"2024-01-02T00:00:00+00:00","group":null}"#
      ))
    let table = try sandbox.succeed("project", "list")
    #expect(table.hasPrefix("TITLE"))
    #expect(table.contains("Spend   EUR"))
  }

  @Test(arguments: Backend.allCases) func editsAndDeletesCanBeUndoneAndRedoneAcrossRuns(
    _ backend: Backend
  ) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Hours", "--frequency", "daily")
    try sandbox.succeed("item", "add", "Hours", "2", "--at", "2024-05-01")
    try sandbox.succeed("item", "edit", "1", "--amount", "-2.5", "--note", "fixed")
    #expect(try sandbox.succeed("export").contains("Hours,2024-05-01T00:00:00+00:00,-2.5,fixed"))
    try sandbox.succeed("project", "edit", "Hours", "--title", "Work hours", "--units", "h")
    let before = try sandbox.everything()
    try sandbox.succeed("project", "delete", "Work hours", "--yes")
    #expect(try sandbox.succeed("export") == "project,timestamp,amount,note\n")

    let undo = try sandbox.run("undo")
    #expect(undo.stderr == "Undid: Deleted project Work hours and its 1 reading(s)\n")
    #expect(try sandbox.everything() == before)
    try sandbox.succeed("redo")
    #expect(try sandbox.succeed("export") == "project,timestamp,amount,note\n")
    try sandbox.succeed("undo")
    try sandbox.succeed("undo")
    #expect(try sandbox.succeed("project", "list", "--format", "csv").contains("Hours,,daily"))

    let log = try sandbox.succeed("log", "--limit", "3")
    #expect(log.contains("Deleted project Work hours and its 1 reading(s) (undone)"))
    #expect(
      log.contains(
        "Changed project Work hours: title 'Hours' → 'Work hours', units '' → 'h' (undone)"))
    #expect(log.contains("Changed reading 1 of Hours: amount 2 → -2.5, note (none) → 'fixed'\n"))

    try sandbox.succeed("item", "delete", "1", "--yes")
    #expect(try sandbox.succeed("export") == "project,timestamp,amount,note\n")
  }

  @Test(arguments: Backend.allCases) func aTimerStopsWithANoteOrIsCancelled(_ backend: Backend)
    throws
  {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Writing", "--frequency", "daily", "--units", "min")
    try sandbox.succeed("timer", "start", "Writing", now: "2024-06-01T09:00:00Z")
    let stopped = try sandbox.run(
      "timer", "stop", "Writing", "--note", "chapter 2", now: "2024-06-01T09:20:00.6Z")
    #expect(
      stopped.stderr
        == "Stopped the timer for Writing after 0:20 (h:mm): recorded 20 min\n")
    try sandbox.succeed("timer", "start", "Writing", now: "2024-06-01T10:00:00Z")
    let cancelled = try sandbox.run("timer", "cancel", "Writing", now: "2024-06-01T10:05:00Z")
    #expect(cancelled.status == 0)
    #expect(
      cancelled.stderr
        == "Cancelled the timer for Writing after 0:05 (h:mm); nothing was recorded\n")
    #expect(
      try sandbox.succeed("export") == """
        project,timestamp,amount,note
        Writing,2024-06-01T09:00:00+00:00,20.016666666666666,chapter 2

        """)
    let again = try sandbox.run("timer", "cancel", "Writing")
    #expect(again.status == 1)
    #expect(again.stderr.contains("no timer is running for Writing"))
  }

  @Test(arguments: Backend.allCases) func aTimerRecordsHoursAndSurvivesBetweenRuns(
    _ backend: Backend
  ) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Writing", "--frequency", "daily", "--units", "h")
    try sandbox.succeed("timer", "start", "Writing", now: "2024-06-01T09:00:00Z")
    let status = try sandbox.succeed("timer", "status", now: "2024-06-01T10:15:30Z")
    #expect(status.contains("Writing  2024-06-01 09:00  1:15:30"))
    let stopped = try sandbox.run("timer", "stop", "Writing", now: "2024-06-01T11:30:00Z")
    #expect(stopped.stderr == "Stopped the timer for Writing after 2:30 (h:mm): recorded 2:30 h\n")
    #expect(
      try sandbox.succeed("export") == """
        project,timestamp,amount,note
        Writing,2024-06-01T09:00:00+00:00,2.5,timer

        """)
    #expect(try sandbox.run("timer", "status").stderr == "No timer is running.\n")
  }

  @Test(arguments: Backend.allCases) func theTimeZoneOptionReadsAndWritesLocalTimes(
    _ backend: Backend
  ) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "P", "--frequency", "daily")
    try sandbox.succeed("--tz", "Asia/Tokyo", "item", "add", "P", "1", "--at", "2024-01-01T09:00")
    #expect(try sandbox.succeed("export").contains("P,2024-01-01T00:00:00+00:00,1,"))
    #expect(
      try sandbox.succeed("export", "--tz", "America/New_York")
        .contains("P,2023-12-31T19:00:00-05:00,1,"))
  }

  @Test(arguments: Backend.allCases) func twoProcessesWritingAtOnceLoseNothing(_ backend: Backend)
    async throws
  {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Busy", "--frequency", "daily")
    let environment = sandbox.environment
    let tally = sandbox.tally
    let failures = try await withThrowingTaskGroup(of: [String].self) { group in
      for writer in 0..<2 {
        group.addTask {
          var failures: [String] = []
          for index in 0..<500 {
            let result = try tally.run(
              ["item", "add", "Busy", "\(writer * 1_000 + index)"], environment: environment)
            if result.status != 0 { failures.append(result.stderr) }
          }
          return failures
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(failures.isEmpty)
    #expect(try sandbox.succeed("project", "list", "--format", "csv").contains("Busy,,daily,1000,"))
    let amounts = try sandbox.succeed("item", "list", "Busy", "--format", "csv")
      .split(separator: "\n").dropFirst().compactMap { $0.split(separator: ",").dropFirst(2).first }
    #expect(Set(amounts).count == 1_000)
  }
}
