import Foundation
import Testing

/// `report --as-of` and `item show` through the binary, on each backend: a project is
/// changed in every way a history holds (add, edit, delete, import, import undo, undo, a
/// goal, a reading moved), a report is taken after each step, and at the end each report as
/// of that instant must be the one taken then, in every format, byte for byte.
@Suite struct AsOfEndToEndTests {
  /// One step: when it was made, what it was, and an instant after it to look back to.
  struct Step {
    var at: String
    var arguments: [String]
    var lookBack: String
  }

  static let formats = ["csv", "json", "markdown", "table", "svg", "html"]

  func steps(importing path: String) -> [Step] {
    [
      (10, 1, ["project", "add", "Run", "--frequency", "daily", "--units", "km"]),
      (11, 1, ["item", "add", "Run", "5", "--at", "2024-03-01T08:00"]),
      (12, 1, ["item", "add", "Run", "7", "--at", "2024-03-01T09:00"]),
      (10, 2, ["item", "edit", "1", "--amount", "6", "--note", "fixed"]),
      (10, 3, ["import", path, "--project", "Run"]),
      (10, 4, ["item", "delete", "2", "--yes"]),
      (10, 5, ["project", "edit", "Run", "--goal", "10", "--goal-per", "daily"]),
      (10, 6, ["import", "undo", "1"]),
      (10, 7, ["undo"]),
      (10, 8, ["item", "edit", "3", "--at", "2024-03-02T12:00"]),
    ].map { hour, day, arguments in
      Step(
        at: String(format: "2024-03-%02dT%02d:00:00Z", day, hour), arguments: arguments,
        lookBack: String(format: "2024-03-%02dT%02d:30:00Z", day, hour))
    }
  }

  func report(_ sandbox: Sandbox, _ format: String, now: String, asOf: String?) throws -> String {
    var arguments = ["report", "Run", "--format", format]
    if let asOf { arguments += ["--as-of", asOf] }
    return try run(sandbox, arguments, now: now)
  }

  func run(_ sandbox: Sandbox, _ arguments: [String], now: String) throws -> String {
    var environment = sandbox.environment
    environment["TALLY_NOW"] = now
    let result = try sandbox.tally.run(arguments, environment: environment)
    guard result.status == 0 else {
      throw Sandbox.Failed(arguments: arguments, result: result)
    }
    return result.stdout
  }

  func makeHistory(_ sandbox: Sandbox) throws -> (steps: [Step], taken: [[String]], file: String) {
    let file = sandbox.folder.appendingPathComponent("runs.csv")
    try Data("date,amount\n2024-02-28,3\n2024-02-29,4\n".utf8).write(to: file)
    let steps = steps(importing: file.path)
    var taken: [[String]] = []
    for step in steps {
      _ = try run(sandbox, step.arguments, now: step.at)
      taken.append(
        try Self.formats.map { try report(sandbox, $0, now: step.lookBack, asOf: nil) })
    }
    return (steps, taken, file.path)
  }

  @Test(arguments: Backend.allCases)
  func everyPastReportIsTheOneTakenThenInEveryFormat(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    let (steps, taken, _) = try makeHistory(sandbox)
    let later = "2024-03-20T00:00:00Z"
    for (step, then) in zip(steps, taken) {
      for (format, expected) in zip(Self.formats, then) {
        let past = try report(sandbox, format, now: later, asOf: step.lookBack)
        #expect(past == expected, "\(format) as of \(step.lookBack) (after \(step.arguments))")
      }
    }
    // The figures, worked out by hand: each step's readings per day.
    func empty(_ days: ClosedRange<Int>) -> String {
      days.map { String(format: "Run,2024-03-%02d,0,0,,,\n", $0) }.joined()
    }
    let header = "project,period,count,sum,min,max,mean\n"
    let expected = [
      "",
      "Run,2024-03-01,1,5,5,5,5\n",
      "Run,2024-03-01,2,12,5,7,6\n",
      "Run,2024-03-01,2,13,6,7,6.5\n",
      "Run,2024-02-28,1,3,3,3,3\nRun,2024-02-29,1,4,4,4,4\nRun,2024-03-01,2,13,6,7,6.5\n",
      "Run,2024-02-28,1,3,3,3,3\nRun,2024-02-29,1,4,4,4,4\nRun,2024-03-01,1,6,6,6,6\n",
      // From the goal on, every day it judges is listed, up to the one running then: the first
      // goal judges from the first reading's day.
      "Run,2024-02-28,1,3,3,3,3\nRun,2024-02-29,1,4,4,4,4\nRun,2024-03-01,1,6,6,6,6\n"
        + empty(2...5),
      "Run,2024-03-01,1,6,6,6,6\n" + empty(2...6),
      "Run,2024-02-28,1,3,3,3,3\nRun,2024-02-29,1,4,4,4,4\nRun,2024-03-01,1,6,6,6,6\n"
        + empty(2...7),
      "Run,2024-02-29,1,4,4,4,4\nRun,2024-03-01,1,6,6,6,6\nRun,2024-03-02,1,3,3,3,3\n"
        + empty(3...8),
    ]
    // From the goal of 10 a day on, the CSV has the goal's columns, as the table does: each
    // day's sum as a share of 10, missed below it; the day running at the instant is not
    // judged yet (its sum is below 10).
    func judged(_ rows: String) -> String {
      let lines = rows.split(separator: "\n")
      return lines.enumerated().map { index, line in
        let sum = Int(line.split(separator: ",", omittingEmptySubsequences: false)[3]) ?? -1
        return "\(line),10,\(sum * 10),\(index == lines.count - 1 ? "" : "false")\n"
      }.joined()
    }
    for (index, (step, rows)) in zip(steps, expected).enumerated() where !rows.isEmpty {
      let withGoal = index >= 6
      #expect(
        try report(sandbox, "csv", now: later, asOf: step.lookBack)
          == (withGoal
            ? "project,period,count,sum,min,max,mean,goal,progress,met\n" + judged(rows)
            : header + rows))
    }
    // The goal set on March 5th: not there before, there after, as the table says.
    #expect(!(try report(sandbox, "table", now: later, asOf: "2024-03-05T09:00Z")).contains("oal"))
    #expect(try report(sandbox, "table", now: later, asOf: "2024-03-05T11:00Z").contains("oal"))
  }

  @Test(arguments: Backend.allCases)
  func beforeTheProjectAndBadInstantsAreRefusedChangingNothing(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    _ = try makeHistory(sandbox)
    let before = try sandbox.everything()
    let log = try sandbox.succeed("log")

    let early = try sandbox.run("report", "Run", "--as-of", "2024-03-01T09:59:59Z")
    #expect(early.status == 1)
    #expect(early.stdout.isEmpty)
    #expect(
      early.stderr.hasPrefix(
        "Error: there was no project titled 'Run' at 2024-03-01T09:59:59+00:00 "
          + "(--as-of 2024-03-01T09:59:59Z)\n"))
    let all = try sandbox.run("report", "--all", "--as-of", "2024-03-01", "--format", "csv")
    #expect(all.status == 0)
    #expect(all.stdout == "project,period,count,sum,min,max,mean\n")
    #expect(all.stderr == "No projects at 2024-03-01T00:00:00+00:00.\n")

    let bad = try sandbox.run("report", "Run", "--as-of", "March 5th")
    #expect(bad.status == 1)
    #expect(bad.stderr.hasPrefix("Error: --as-of "))
    #expect(bad.stderr.contains("March 5th"))

    #expect(try sandbox.everything() == before)
    #expect(try sandbox.succeed("log") == log)
  }

  @Test(arguments: Backend.allCases)
  func itemShowListsEachChangeAlsoOfADeletedReading(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    let (_, _, file) = try makeHistory(sandbox)
    let user =
      backend == .postgres
      ? (sandbox.environment["TALLY_DB"].flatMap { URLComponents(string: $0)?.user } ?? "") : ""
    let header =
      "id,at,step,change,user,import,file,old_amount,new_amount,old_timestamp,new_timestamp,"
      + "old_note,new_note,old_reset,new_reset\n"
    #expect(
      try sandbox.succeed("item", "show", "1", "--format", "csv")
        == header
        + "1,2024-03-01T11:00:00+00:00,change,added,\(user),,,,5,,2024-03-01T08:00:00+00:00,,,,no\n"
        + "1,2024-03-02T10:00:00+00:00,change,edited,\(user),,,5,6,2024-03-01T08:00:00+00:00,"
        + "2024-03-01T08:00:00+00:00,,fixed,no,no\n")
    #expect(
      try sandbox.succeed("item", "show", "2", "--format", "csv")
        == header
        + "2,2024-03-01T12:00:00+00:00,change,added,\(user),,,,7,,2024-03-01T09:00:00+00:00,,,,no\n"
        + "2,2024-03-04T10:00:00+00:00,change,deleted,\(user),,,7,,2024-03-01T09:00:00+00:00,,,,"
        + "no,\n")
    let from = ",\(user),1,\(file),"
    #expect(
      try sandbox.succeed("item", "show", "3", "--format", "csv")
        == header
        + "3,2024-03-03T10:00:00+00:00,change,imported\(from),3,,2024-02-28T00:00:00+00:00,,,,no\n"
        + "3,2024-03-06T10:00:00+00:00,change,import undone\(from)3,,2024-02-28T00:00:00+00:00,"
        + ",,,no,\n"
        + "3,2024-03-07T10:00:00+00:00,undo,import restored\(from),3,,2024-02-28T00:00:00+00:00,"
        + ",,,no\n"
        + "3,2024-03-08T10:00:00+00:00,change,edited\(from)3,3,2024-02-28T00:00:00+00:00,"
        + "2024-03-02T12:00:00+00:00,,,no,no\n")
    let json = try sandbox.succeed("item", "show", "2", "--format", "json")
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(rows.count == 2)
    #expect(rows[1]["change"] as? String == "deleted")
    #expect(rows[1]["old_amount"] as? Double == 7)
    #expect(rows[1]["new_amount"] is NSNull)

    let table = try sandbox.run("item", "show", "1")
    #expect(table.status == 0)
    #expect(table.stdout.contains("5 → 6"))
    #expect(table.stdout.contains("fixed"))

    // The REPL runs the same line.
    let script = sandbox.folder.appendingPathComponent("show.txt")
    try Data("item show 2 --format csv\n".utf8).write(to: script)
    #expect(
      try sandbox.succeed("repl", "--script", script.path)
        == (try sandbox.succeed("item", "show", "2", "--format", "csv")))

    let before = try sandbox.everything()
    let unknown = try sandbox.run("item", "show", "99")
    #expect(unknown.status == 1)
    #expect(unknown.stdout.isEmpty)
    #expect(unknown.stderr.hasPrefix("Error: there is no reading 99, now or in the history"))
    #expect(try sandbox.everything() == before)
  }
}
