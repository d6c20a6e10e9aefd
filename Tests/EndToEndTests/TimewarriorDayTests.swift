import Foundation
import Testing

/// A day tracked the Timewarrior way (start at a time, switch, stop back in time, resume,
/// track an interval that is over, then the day and the week), checked against figures worked
/// out by hand, on both backends.
@Suite struct TimewarriorDayTests {
  /// Monday 2024-03-04, in UTC: the commands at the times they are typed.
  func trackedDay(_ backend: Backend) throws -> Sandbox {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed(
      "project", "add", "Writing", "--units", "h", "--frequency", "daily",
      "--goal", "3")
    try sandbox.succeed("project", "add", "Email", "--units", "min", "--frequency", "daily")
    try sandbox.succeed(
      "project", "add", "Reading", "--units", "h", "--frequency", "daily",
      "--goal", "10", "--goal-per", "weekly")
    func at(_ clock: String, _ arguments: String...) throws -> String {
      let result = try sandbox.run(arguments, now: "2024-03-04T\(clock):00Z")
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      return result.stderr
    }
    #expect(
      try at("09:05", "timer", "start", "Writing", "--at", "9:00")
        == "Started a timer for Writing at 2024-03-04 09:00\n")
    // 09:00 to 10:30 on Writing; Email from 10:30.
    #expect(
      try at("10:30", "timer", "switch", "Email")
        == "Stopped the timer for Writing after 1:30 (h:mm): recorded 1:30 h; "
        + "Started a timer for Email\n")
    // Stopped back in time: 10:30 to 10:50 is 20 minutes, shown as minutes.
    #expect(
      try at("11:00", "timer", "stop", "--at", "10 min ago")
        == "Stopped the timer for Email at 2024-03-04 10:50 after 0:20 (h:mm): recorded 20 min\n")
    #expect(try at("11:00", "timer", "resume") == "Started a timer for Email\n")
    // 11:00 to 11:45 on Email, with the note and tag; Writing from 11:45 to 13:00.
    _ = try at("11:45", "timer", "stop", "--note", "chapter 2", "--tag", "draft")
    _ = try at("11:45", "timer", "start", "Writing")
    _ = try at("13:00", "timer", "stop")
    #expect(
      try at("17:00", "track", "Reading", "14:00-15:30", "--tag", "book")
        == "Tracked 1:30 (h:mm) for Reading from 2024-03-04 14:00 to 2024-03-04 15:30: "
        + "recorded 1:30 h\n")
    // Across midnight: two hours on Sunday, one on Monday.
    _ = try at("17:00", "track", "Reading", "yesterday", "22:00-01:00")
    return sandbox
  }

  @Test(arguments: Backend.allCases) func theReadingsAreWhatTheDayWas(_ backend: Backend) throws {
    let sandbox = try trackedDay(backend)
    let export = try sandbox.succeed("export")
    #expect(
      export == """
        project,timestamp,amount,note,tags
        Email,2024-03-04T10:30:00+00:00,20,timer,
        Email,2024-03-04T11:00:00+00:00,45,chapter 2,draft
        Reading,2024-03-03T22:00:00+00:00,2,tracked,
        Reading,2024-03-04T00:00:00+00:00,1,tracked,
        Reading,2024-03-04T14:00:00+00:00,1.5,tracked,book
        Writing,2024-03-04T09:00:00+00:00,1.5,timer,
        Writing,2024-03-04T11:45:00+00:00,1.25,timer,

        """, "\(export)")
  }

  @Test(arguments: Backend.allCases) func theDayAndTheWeekAddUp(_ backend: Backend) throws {
    let sandbox = try trackedDay(backend)
    // Email 20 + 45 = 65 min (45 tagged draft); Reading 1:00 + 1:30 = 2:30 h on Monday, of a
    // goal of 10 h a week that also counts Sunday's 2 h in week 9, not 10; Writing 1:30 + 1:15
    // = 2:45 h of 3 h a day. In all: 65 min + 2:30 + 2:45 = 6:20.
    let day = try sandbox.succeed("day", "--format", "csv", now: "2024-03-04T17:30:00Z")
    #expect(
      day == """
        period,project,tag,units,readings,amount,goal,goal_is,goal_period,goal_so_far,goal_progress,goal_met
        2024-03-04,Email,,min,2,65,,,,,,
        2024-03-04,Email,draft,min,1,45,,,,,,
        2024-03-04,Reading,,h,2,2.5,10,at-least,2024-W10,2.5,25,
        2024-03-04,Reading,book,h,1,1.5,,,,,,
        2024-03-04,Writing,,h,2,2.75,3,at-least,2024-03-04,2.75,91.6666666666667,

        """, "\(day)")
    let table = try sandbox.succeed("day", "today", now: "2024-03-04T17:30:00Z")
    #expect(table.hasPrefix("Monday 2024-03-04\n"), "\(table)")
    #expect(table.contains("Email            2  65 min"), "\(table)")
    #expect(table.contains("  #draft         1  45 min"), "\(table)")
    #expect(table.contains("Time in all: 6:20 (h:mm)"), "\(table)")
    // Sunday: Reading's 2 h. Writing's goal judges from its first reading, on Monday: no
    // verdict on Sunday, and nothing to show.
    let sunday = try sandbox.succeed(
      "day", "yesterday", "--format", "csv", now: "2024-03-04T17:30:00Z")
    #expect(sunday.contains("2024-03-03,Reading,,h,1,2,10,at-least,2024-W09,2,20,false\n"))
    #expect(!sunday.contains("Writing"), "\(sunday)")
    // A week by its label, as reports and `week` write it.
    #expect(
      try sandbox.succeed("week", "2024-W09", "--format", "csv", now: "2024-03-04T17:30:00Z")
        .contains("2024-W09,Reading,,h,1,2,10,at-least,2024-W09,2,20,false\n"))
    // The week of Monday 4 March holds Monday's readings only.
    let week = try sandbox.succeed("week", "--format", "json", now: "2024-03-06T12:00:00Z")
    #expect(
      week.contains(
        #""period":"2024-W10","project":"Reading","tag":null,"units":"h","readings":2,"amount":2.5"#
      ), "\(week)")
    #expect(
      week.contains(#""project":"Writing","tag":null,"units":"h","readings":2,"amount":2.75"#))
  }

  @Test(arguments: Backend.allCases) func timesThatCannotBeAreRefusedAndChangeNothing(
    _ backend: Backend
  ) throws {
    let sandbox = try trackedDay(backend)
    let before = try sandbox.succeed("export")
    try sandbox.succeed("timer", "start", "Reading", "--at", "16:00", now: "2024-03-04T17:00:00Z")
    let refusals: [([String], String)] = [
      (["track", "Reading", "15:00-16:30"], "overlaps the timer running for Reading since"),
      (["track", "Writing", "16:00-17:30"], "is after now"),
      (["track", "Writing", "--from", "10:00", "--to", "9:00"], "is not before its end"),
      // A clock time alone ends the interval on the next day when it would come first.
      (["track", "Writing", "16:00-9:00"], "end 2024-03-05 09:00 is after now"),
      (["track", "Writing", "9:00-9:00"], "is not before its end"),
      (
        ["track", "Writing", "--from", "18:00"],
        "the interval's start 2024-03-04 18:00 is after now"
      ),
      (["track", "Writing", "10-11"], "is not an interval"),
      (["track", "Writing"], "track needs the interval"),
      (["timer", "start", "Email", "--at", "tomorrow"], "is after now"),
      (["timer", "start", "Email", "--at", "bogus"], "--at 'bogus': not a date or time"),
      (["timer", "start", "Email", "--at", "today 25:00"], "not a clock time"),
      (["timer", "stop", "Reading", "--at", "15:00"], "after the stop time"),
      (["item", "add", "Writing", "1", "--at", "yesterday 9"], "not a clock time"),
    ]
    for (arguments, reason) in refusals {
      let result = try sandbox.run(arguments, now: "2024-03-04T17:00:00Z")
      #expect(result.status != 0, "\(arguments)")
      #expect(result.stderr.contains(reason), "\(arguments): \(result.stderr)")
    }
    // Only the timer that was started runs; no reading came in.
    #expect(try sandbox.succeed("export") == before)
  }

  @Test(arguments: Backend.allCases) func aSwitchIsOneUndo(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "A", "--units", "h", "--frequency", "daily")
    try sandbox.succeed("project", "add", "B", "--units", "h", "--frequency", "daily")
    try sandbox.succeed("timer", "start", "A", now: "2024-03-04T09:00:00Z")
    try sandbox.succeed("timer", "switch", "B", "--at", "-30m", now: "2024-03-04T10:00:00Z")
    #expect(
      try sandbox.succeed("timer", "status", "--format", "csv", now: "2024-03-04T10:00:00Z")
        == "project,started_at,elapsed_seconds,note,tags\nB,2024-03-04T09:30:00+00:00,1800,,\n")
    try sandbox.succeed("undo", now: "2024-03-04T10:01:00Z")
    #expect(
      try sandbox.succeed("timer", "status", "--format", "csv", now: "2024-03-04T10:00:00Z")
        == "project,started_at,elapsed_seconds,note,tags\nA,2024-03-04T09:00:00+00:00,3600,,\n")
    #expect(try sandbox.succeed("export") == "project,timestamp,amount,note\n")
    // Two timers running: `timer stop` without a title asks which.
    try sandbox.succeed("timer", "start", "B", now: "2024-03-04T10:00:00Z")
    let stop = try sandbox.run("timer", "stop", now: "2024-03-04T10:30:00Z")
    #expect(stop.status != 0)
    #expect(stop.stderr.contains("timers are running for A, B: say which to stop"))
  }

  @Test func wordsForTimesEchoTheInstant() throws {
    let sandbox = try Sandbox(.sqlite)
    try sandbox.succeed("project", "add", "Run", "--units", "km", "--frequency", "daily")
    let added = try sandbox.run(
      "item", "add", "Run", "5", "--at", "yesterday 18:00", now: "2024-03-04T17:00:00Z")
    #expect(
      added.stderr == "Added reading 1 to Run: 5 km ('yesterday 18:00' is 2024-03-03 18:00)\n")
    let iso = try sandbox.run("item", "add", "Run", "5", "--at", "2024-03-03T18:00")
    #expect(iso.stderr == "Added reading 2 to Run: 5 km\n")
  }

  /// Timers whose start another program wrote (through SQL, or another clock) at the edges of
  /// time: listing them never crashes, a year's run is refused rather than written day by day,
  /// and cancel takes any of them away.
  @Test func timersAtTheEdgesOfTimeAreShownAndCancelled() throws {
    let sandbox = try Sandbox(.sqlite)
    try sandbox.succeed("project", "add", "A", "--units", "h", "--frequency", "daily")
    try sandbox.succeed("project", "add", "B", "--units", "h", "--frequency", "daily")
    let database = sandbox.folder.appendingPathComponent("tally.sqlite")
    try sandbox.succeed("timer", "start", "A", now: "2024-03-04T09:00:00Z")
    try sandbox.succeed("timer", "start", "B", now: "2024-03-04T09:00:00Z")
    try Sandbox.sqlite(
      database,
      "UPDATE timer SET started_at = -9223372036854775808 WHERE project_id = 1; "
        + "UPDATE timer SET started_at = 9223372036854775807 WHERE project_id = 2;")
    let status = try sandbox.run("timer", "status", now: "2024-03-04T10:00:00Z")
    #expect(status.status == 0, "\(status.stderr)")
    let stop = try sandbox.run("timer", "stop", "A", now: "2024-03-04T10:00:00Z")
    #expect(stop.status == 1)
    #expect(stop.stderr.contains("is longer than a year"), "\(stop.stderr)")
    let future = try sandbox.run("timer", "stop", "B", now: "2024-03-04T10:00:00Z")
    #expect(future.status == 1)
    #expect(future.stderr.contains("`tally timer cancel B` stops it"), "\(future.stderr)")
    for title in ["A", "B"] {
      #expect(try sandbox.run("timer", "cancel", title, now: "2024-03-04T10:00:00Z").status == 0)
    }
    #expect(try sandbox.succeed("export") == "project,timestamp,amount,note\n")
    let far = try sandbox.run("track", "A", "--from", "2020-01-01", now: "2024-03-04T10:00:00Z")
    #expect(far.status == 1)
    #expect(far.stderr.contains("is longer than a year"))
    let old = try sandbox.run(
      "timer", "start", "A", "--at", "2022-01-01", now: "2024-03-04T10:00:00Z")
    #expect(old.status == 1)
  }

  /// `item list --last N`: the newest N, oldest first, in every format; 0 is refused.
  @Test(arguments: Backend.allCases) func theLastReadings(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Run", "--units", "km", "--frequency", "daily")
    for day in 1...9 {
      try sandbox.succeed("item", "add", "Run", "\(day)", "--at", "2024-03-0\(day)")
    }
    #expect(
      try sandbox.succeed("item", "list", "Run", "--last", "2", "--format", "csv") == """
        id,timestamp,amount,note
        8,2024-03-08T00:00:00+00:00,8,
        9,2024-03-09T00:00:00+00:00,9,

        """)
    let filtered = try sandbox.succeed(
      "item", "list", "Run", "--last", "3", "--to", "2024-03-05", "--format", "csv")
    #expect(
      filtered.hasSuffix(
        "2,2024-03-02T00:00:00+00:00,2,\n3,2024-03-03T00:00:00+00:00,3,\n4,2024-03-04T00:00:00+00:00,4,\n"
      ))
    let all = try sandbox.succeed("item", "list", "Run", "--last", "50", "--format", "csv")
    #expect(all.split(separator: "\n").count == 10)
    let zero = try sandbox.run("item", "list", "Run", "--last", "0")
    #expect(zero.status == 1)
    #expect(zero.stderr.contains("--last takes a number of readings, 1 or more"))
    let negative = try sandbox.run("item", "list", "Run", "--last", "-1")
    #expect(negative.status == 1)
    #expect(negative.stderr.contains("1 or more; not -1"), "\(negative.stderr)")
  }
}
