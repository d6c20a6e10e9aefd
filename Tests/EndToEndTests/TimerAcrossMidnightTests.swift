import Foundation
import Testing

/// A timer that runs across midnight records a reading per day it touched, as one change.
@Suite struct TimerAcrossMidnightTests {
  @Test(arguments: Backend.allCases) func aReadingPerDayUndoneAndRedoneAsOne(_ backend: Backend)
    throws
  {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Writing", "--frequency", "daily", "--units", "min")
    try sandbox.succeed("timer", "start", "Writing", now: "2024-03-01T23:30:00Z")
    let stop = try sandbox.run(
      "timer", "stop", "Writing", "--note", "draft", now: "2024-03-02T01:15:00Z")
    #expect(stop.status == 0)
    #expect(
      stop.stderr
        == "Stopped the timer for Writing after 1:45 (h:mm): recorded 2 readings, one per day "
        + "it ran: 30 min on 2024-03-01, 75 min on 2024-03-02\n")
    let readings = """
      id,timestamp,amount,note
      1,2024-03-01T23:30:00+00:00,30,draft
      2,2024-03-02T00:00:00+00:00,75,draft

      """
    #expect(try sandbox.succeed("item", "list", "Writing", "--format", "csv") == readings)
    #expect(
      try sandbox.succeed("report", "Writing", "--period", "daily", "--format", "csv") == """
        project,period,count,sum,min,max,mean
        Writing,2024-03-01,1,30,30,30,30
        Writing,2024-03-02,1,75,75,75,75

        """)
    try sandbox.succeed("undo", now: "2024-03-02T02:00:00Z")
    #expect(
      try sandbox.succeed("item", "list", "Writing", "--format", "csv")
        == "id,timestamp,amount,note\n")
    #expect(
      try sandbox.succeed("timer", "status", "--format", "csv", now: "2024-03-02T02:00:00Z") == """
        project,started_at,elapsed_seconds,note,tags
        Writing,2024-03-01T23:30:00+00:00,9000,,

        """)
    try sandbox.succeed("redo", now: "2024-03-02T02:00:00Z")
    #expect(try sandbox.succeed("item", "list", "Writing", "--format", "csv") == readings)
    #expect(
      try sandbox.succeed("timer", "status", "--format", "csv")
        == "project,started_at,elapsed_seconds,note,tags\n")
  }

  /// New York's spring-forward day, 10 March 2024, has 23 hours: 22:00 on the 9th to 01:00 on
  /// the 11th is 2 + 23 + 1 = 26 hours.
  @Test(arguments: Backend.allCases) func daysAreTheZonesAcrossADaylightSavingChange(
    _ backend: Backend
  ) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Watch", "--frequency", "daily", "--units", "h")
    try sandbox.succeed(
      "--tz", "America/New_York", "timer", "start", "Watch", now: "2024-03-10T03:00:00Z")
    let message = try sandbox.run(
      "--tz", "America/New_York", "timer", "stop", "Watch", now: "2024-03-11T05:00:00Z"
    ).stderr
    #expect(
      message
        == "Stopped the timer for Watch after 26:00 (h:mm): recorded 3 readings, one per day "
        + "it ran: 2:00 h on 2024-03-09, 23:00 h on 2024-03-10, 1:00 h on 2024-03-11\n")
    #expect(
      try sandbox.succeed(
        "--tz", "America/New_York", "item", "list", "Watch", "--format", "csv") == """
          id,timestamp,amount,note
          1,2024-03-09T22:00:00-05:00,2,timer
          2,2024-03-10T00:00:00-05:00,23,timer
          3,2024-03-11T00:00:00-04:00,1,timer

          """)
    // In UTC the same run is one day: 03:00 on the 10th to 05:00 on the 11th is 21 + 5 hours.
    try sandbox.succeed("undo")
    try sandbox.succeed("undo")
    try sandbox.succeed("timer", "start", "Watch", now: "2024-03-10T03:00:00Z")
    try sandbox.succeed("timer", "stop", "Watch", now: "2024-03-11T05:00:00Z")
    #expect(
      try sandbox.succeed("report", "Watch", "--period", "daily", "--format", "csv") == """
        project,period,count,sum,min,max,mean
        Watch,2024-03-10,1,21,21,21,21
        Watch,2024-03-11,1,5,5,5,5

        """)
  }

  @Test func aTimerWithinADayOrStoppedAtMidnightMakesOneReading() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Read", "--frequency", "daily", "--units", "h")
    try sandbox.succeed("timer", "start", "Read", now: "2024-03-01T22:00:00Z")
    #expect(
      try sandbox.run("timer", "stop", "Read", now: "2024-03-02T00:00:00Z").stderr
        == "Stopped the timer for Read after 2:00 (h:mm): recorded 2:00 h\n")
    #expect(
      try sandbox.succeed("item", "list", "Read", "--format", "csv")
        == "id,timestamp,amount,note\n1,2024-03-01T22:00:00+00:00,2,timer\n")
  }

  /// A run under half a second is no time: a stop records nothing (a reading of 0 would count
  /// as a day tracked), one `undo` starts the timer again, and a track of it is refused.
  @Test(arguments: Backend.allCases) func aRunOfNoSecondRecordsNothing(_ backend: Backend)
    throws
  {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Writing", "--frequency", "daily", "--units", "h")
    try sandbox.succeed("project", "add", "Email", "--frequency", "daily", "--units", "min")
    try sandbox.succeed("timer", "start", "Writing", now: "2024-03-01T09:00:00Z")
    let stop = try sandbox.run("timer", "stop", "Writing", now: "2024-03-01T09:00:00.4Z")
    #expect(stop.status == 0)
    #expect(
      stop.stderr
        == "Stopped the timer for Writing after 0:00:00 (h:mm:ss): it ran under half a second, so "
        + "nothing was recorded\n")
    let none = "id,timestamp,amount,note\n"
    #expect(try sandbox.succeed("item", "list", "Writing", "--format", "csv") == none)
    let status = "project,started_at,elapsed_seconds,note,tags\n"
    #expect(try sandbox.succeed("timer", "status", "--format", "csv") == status)
    try sandbox.succeed("undo", now: "2024-03-01T09:00:01Z")
    #expect(
      try sandbox.succeed("timer", "status", "--format", "csv", now: "2024-03-01T09:00:01Z")
        == status + "Writing,2024-03-01T09:00:00+00:00,1,,\n")
    // A switch at the same instant stops Writing with nothing and starts Email.
    let switched = try sandbox.run("timer", "switch", "Email", now: "2024-03-01T09:00:00Z")
    #expect(switched.status == 0)
    #expect(switched.stderr.contains("it ran under half a second, so nothing was recorded"))
    #expect(try sandbox.succeed("item", "list", "Writing", "--format", "csv") == none)
    #expect(
      try sandbox.succeed("timer", "status", "--format", "csv", now: "2024-03-01T09:00:01Z")
        == status + "Email,2024-03-01T09:00:00+00:00,1,,\n")
    let track = try sandbox.run(
      "track", "Writing", "--from", "2024-03-01T08:00:00Z", "--to",
      "2024-03-01T08:00:00.2Z", now: "2024-03-01T09:00:00Z")
    #expect(track.status == 1)
    #expect(track.stderr.contains("lasts under half a second: there is no whole second to record"))
    #expect(try sandbox.succeed("item", "list", "Writing", "--format", "csv") == none)
    // Times a minute does not tell apart are shown to the part of a second that does.
    let half = try sandbox.run(
      "track", "Writing", "--from", "2024-03-01T08:00:00Z", "--to", "2024-03-01T08:00:00.6Z",
      now: "2024-03-01T09:00:00Z")
    #expect(
      half.stderr
        == "Tracked 0:00:01 (h:mm:ss) for Writing from 2024-03-01 08:00:00.000 to "
        + "2024-03-01 08:00:00.600: recorded 0:00:01 h\n")
    let ahead = try sandbox.run(
      "timer", "stop", "Email", "--at", "2024-03-01T09:00:00.3Z",
      now: "2024-03-01T09:00:00.1Z")
    #expect(ahead.status == 1)
    try sandbox.succeed(
      "timer", "start", "Writing", "--at", "2024-03-01T09:30:05.5Z", now: "2024-03-01T09:31:00Z")
    let before = try sandbox.run(
      "timer", "stop", "Writing", "--at", "2024-03-01T09:30:05.2Z", now: "2024-03-01T09:31:00Z")
    #expect(
      before.stderr.contains(
        "started at 2024-03-01 09:30:05.500, after the stop time 2024-03-01 09:30:05.200"),
      "\(before.stderr)")
    #expect(
      ahead.stderr.contains("2024-03-01 09:00:00.300 is after now (2024-03-01 09:00:00.100)"),
      "\(ahead.stderr)")
  }
}
