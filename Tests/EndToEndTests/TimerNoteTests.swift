import Foundation
import TestSupport
import Testing

/// A note and tags given when a timer starts are carried by the readings it records, on both
/// backends: through stop, switch, resume, undo and redo, and refused where they break a rule.
@Suite struct TimerNoteTests {
  private let header = "project,started_at,elapsed_seconds,note,tags\n"

  private func timed(_ backend: Backend) throws -> Sandbox {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Writing", "--units", "h", "--frequency", "daily")
    try sandbox.succeed("project", "add", "Email", "--units", "min", "--frequency", "daily")
    return sandbox
  }

  @Test(arguments: Backend.allCases) func theReadingsCarryWhatTheStartGave(_ backend: Backend)
    throws
  {
    let sandbox = try timed(backend)
    #expect(
      try sandbox.run(
        "timer", "start", "Writing", "--note", "chapter 3", "--tag", "work,Draft",
        now: "2024-03-04T09:00:00Z"
      ).stderr == "Started a timer for Writing, tagged draft,work\n")
    #expect(
      try sandbox.succeed("timer", "status", "--format", "csv", now: "2024-03-04T09:10:00Z")
        == header + "Writing,2024-03-04T09:00:00+00:00,600,chapter 3,\"draft,work\"\n")
    #expect(
      try sandbox.succeed("timer", "status", "--format", "json", now: "2024-03-04T09:10:00Z")
        == """
        [
        {"project":"Writing","started_at":"2024-03-04T09:00:00+00:00","elapsed_seconds":600,\
        "note":"chapter 3","tags":["draft","work"]}
        ]

        """)
    // The stop's tags are added to the timer's; its note stays the start's.
    try sandbox.succeed("timer", "stop", "--tag", "review", now: "2024-03-04T10:30:00Z")
    let recorded = """
      id,timestamp,amount,note,tags
      1,2024-03-04T09:00:00+00:00,1.5,chapter 3,"draft,review,work"

      """
    #expect(try sandbox.succeed("item", "list", "Writing", "--format", "csv") == recorded)
    // Undone, the timer runs again with what it was started with; redone, the same readings.
    try sandbox.succeed("undo", now: "2024-03-04T10:31:00Z")
    #expect(
      try sandbox.succeed("timer", "status", "--format", "csv", now: "2024-03-04T10:31:00Z")
        == header + "Writing,2024-03-04T09:00:00+00:00,5460,chapter 3,\"draft,work\"\n")
    try sandbox.succeed("redo", now: "2024-03-04T10:32:00Z")
    #expect(try sandbox.succeed("item", "list", "Writing", "--format", "csv") == recorded)
    // A note given at the stop is the readings' instead.
    try sandbox.succeed(
      "timer", "start", "Writing", "--note", "chapter 4", now: "2024-03-04T11:00:00Z")
    try sandbox.succeed(
      "timer", "stop", "Writing", "--note", "chapter 4, revised", now: "2024-03-04T11:30:00Z")
    #expect(
      try sandbox.succeed("item", "list", "Writing", "--format", "csv", "--last", "1")
        == "id,timestamp,amount,note,tags\n"
        + "2,2024-03-04T11:00:00+00:00,0.5,\"chapter 4, revised\",\n")
  }

  @Test(arguments: Backend.allCases) func aSwitchGivesTheNewTimerItsOwn(_ backend: Backend) throws {
    let sandbox = try timed(backend)
    try sandbox.succeed(
      "timer", "start", "Writing", "--note", "essay", "--tag", "deep", now: "2024-03-04T09:00:00Z")
    try sandbox.succeed(
      "timer", "switch", "Email", "--note", "inbox", "--tag", "shallow",
      now: "2024-03-04T10:00:00Z")
    #expect(
      try sandbox.succeed("timer", "status", "--format", "csv", now: "2024-03-04T10:15:00Z")
        == header + "Email,2024-03-04T10:00:00+00:00,900,inbox,shallow\n")
    try sandbox.succeed("timer", "stop", now: "2024-03-04T10:15:00Z")
    #expect(
      try sandbox.succeed("export")
        == """
        project,timestamp,amount,note,tags
        Email,2024-03-04T10:00:00+00:00,15,inbox,shallow
        Writing,2024-03-04T09:00:00+00:00,1,essay,deep

        """)
    // Resumed, the project timed last carries its newest reading's note and tags on;
    // `--note` and `--tag` give others.
    #expect(
      try sandbox.run("timer", "resume", now: "2024-03-04T11:00:00Z").stderr
        == "Started a timer for Email, tagged shallow\n")
    try sandbox.succeed("timer", "cancel", "Email", now: "2024-03-04T11:01:00Z")
    try sandbox.succeed(
      "timer", "resume", "Writing", "--tag", "light", now: "2024-03-04T11:01:00Z")
    #expect(
      try sandbox.succeed("timer", "status", "--format", "csv", now: "2024-03-04T11:01:00Z")
        == header + "Writing,2024-03-04T11:01:00+00:00,0,essay,light\n")
  }

  @Test(arguments: Backend.allCases) func whatBreaksARuleChangesNothing(_ backend: Backend) throws {
    let sandbox = try timed(backend)
    let tooMany = (1...20).map { "t\($0)" }.joined(separator: ",")
    try sandbox.succeed(
      "timer", "start", "Writing", "--tag", tooMany, now: "2024-03-04T09:00:00Z")
    let before = try sandbox.succeed(
      "timer", "status", "--format", "csv", now: "2024-03-04T10:00:00Z")
    let refusals: [([String], String)] = [
      (["timer", "start", "Email", "--tag", "two words"], "--tag"),
      (["timer", "switch", "Email", "--tag", "a,,b!"], "--tag"),
      (
        ["timer", "stop", "Writing", "--tag", (21...40).map { "u\($0)" }.joined(separator: ",")],
        "the timer of Writing carries 20 tags, which with those given make 40; a reading takes 32"
      ),
    ]
    for (arguments, reason) in refusals {
      let result = try sandbox.run(arguments, now: "2024-03-04T10:00:00Z")
      #expect(result.status != 0, "\(arguments)")
      #expect(result.stderr.contains(reason), "\(arguments): \(result.stderr)")
    }
    #expect(
      try sandbox.succeed("timer", "status", "--format", "csv", now: "2024-03-04T10:00:00Z")
        == before)
    #expect(try sandbox.succeed("export") == "project,timestamp,amount,note\n")
  }

  /// A timer row written through SQL with a tag tally would not write is refused at the stop,
  /// naming it, and can still be cancelled.
  @Test(arguments: Backend.allCases) func aTagWrittenThroughSQLIsNotRecorded(_ backend: Backend)
    throws
  {
    let sandbox = try timed(backend)
    try sandbox.succeed("timer", "start", "Writing", now: "2024-03-04T09:00:00Z")
    let sql = "UPDATE timer SET tags = ',Two Words,'"
    let database = try #require(sandbox.environment["TALLY_DB"])
    if backend == .postgres {
      _ = try PostgresTestServer.psql(database, sql)
    } else {
      try Sandbox.sqlite(URL(fileURLWithPath: database), sql)
    }
    let stop = try sandbox.run("timer", "stop", now: "2024-03-04T10:00:00Z")
    #expect(stop.status != 0)
    #expect(
      stop.stderr.contains(
        "the timer of Writing carries the tag 'Two Words', which is not a tag tally writes"),
      "\(stop.stderr)")
    #expect(try sandbox.succeed("export") == "project,timestamp,amount,note\n")
    try sandbox.succeed("timer", "cancel", "Writing", now: "2024-03-04T10:00:00Z")
    #expect(
      try sandbox.succeed("timer", "status", "--format", "csv", now: "2024-03-04T10:00:00Z")
        == header)
  }
}
