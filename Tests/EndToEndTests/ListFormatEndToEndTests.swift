import Foundation
import Testing

/// `log`, `import list` and `timer status` in every list format: the CSV headers of the
/// README, JSON with the same keys, and an empty list in each.
@Suite struct ListFormatEndToEndTests {
  /// A project, a reading with a formula-like note, an edit of it and a settings change.
  private func history(_ backend: Backend) throws -> Sandbox {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed(
      "project", "add", "Spend", "--frequency", "daily", "--units", "EUR",
      now: "2024-01-01T00:00:00Z")
    try sandbox.succeed(
      "item", "add", "Spend", "40", "--at", "2024-01-02T12:00", "--note", "=lunch",
      now: "2024-01-02T12:00:00Z")
    try sandbox.succeed(
      "item", "edit", "1", "--amount", "42.5", "--note", "", now: "2024-01-03T09:00:00Z")
    try sandbox.succeed(
      "project", "edit", "Spend", "--units", "USD", "--goal", "100", "--goal-per", "weekly",
      now: "2024-01-04T00:00:00Z")
    return sandbox
  }

  /// The role a server's journal names, empty on SQLite.
  private func user(_ sandbox: Sandbox, _ backend: Backend) throws -> String {
    guard backend == .postgres else { return "" }
    let csv = try sandbox.succeed("log", "--format", "csv", "--limit", "1")
    let fields = csv.split(separator: "\n")[1].split(
      separator: ",", omittingEmptySubsequences: false)
    #expect(!fields[2].isEmpty)
    return String(fields[2])
  }

  @Test(arguments: Backend.allCases) func theLogShowsWhatEditsChangedInEveryFormat(
    _ backend: Backend
  ) throws {
    let sandbox = try history(backend)
    let user = try user(sandbox, backend)
    #expect(
      try sandbox.succeed("log", "--format", "csv") == """
        id,at,user,change,undone,field,old,new
        4,2024-01-04T00:00:00+00:00,\(user),"Changed project Spend; goal: at least 100 USD per week, judging every period",no,units,EUR,USD
        4,2024-01-04T00:00:00+00:00,\(user),"Changed project Spend; goal: at least 100 USD per week, judging every period",no,goal,,at least 100 USD per week
        3,2024-01-03T09:00:00+00:00,\(user),Changed reading 1 of Spend,no,amount,40,42.5
        3,2024-01-03T09:00:00+00:00,\(user),Changed reading 1 of Spend,no,note,'=lunch,
        2,2024-01-02T12:00:00+00:00,\(user),Added reading 1 to Spend: 40 EUR,no,,,
        1,2024-01-01T00:00:00+00:00,\(user),Created project Spend,no,,,

        """)
    let userJSON = backend == .postgres ? "\"\(user)\"" : "null"
    #expect(
      try sandbox.succeed("log", "--format", "json", "--limit", "2") == """
        [
        {"id":4,"at":"2024-01-04T00:00:00+00:00","user":\(userJSON),"change":"Changed project Spend; goal: at least 100 USD per week, judging every period","undone":false,"field":"units","old":"EUR","new":"USD"},
        {"id":4,"at":"2024-01-04T00:00:00+00:00","user":\(userJSON),"change":"Changed project Spend; goal: at least 100 USD per week, judging every period","undone":false,"field":"goal","old":null,"new":"at least 100 USD per week"},
        {"id":3,"at":"2024-01-03T09:00:00+00:00","user":\(userJSON),"change":"Changed reading 1 of Spend","undone":false,"field":"amount","old":40,"new":42.5},
        {"id":3,"at":"2024-01-03T09:00:00+00:00","user":\(userJSON),"change":"Changed reading 1 of Spend","undone":false,"field":"note","old":"=lunch","new":null}
        ]

        """)
    try sandbox.succeed("undo", now: "2024-01-05T00:00:00Z")
    let table = try sandbox.succeed("log", "--limit", "2")
    #expect(
      table.contains(
        "Changed project Spend; goal: at least 100 USD per week, judging every period: "
          + "units 'EUR' → 'USD', goal none → at least 100 USD per week (undone)"), "\(table)")
    #expect(
      table.contains("Changed reading 1 of Spend: amount 40 → 42.5, note '=lunch' → (none)"),
      "\(table)")
    #expect(table.split(separator: "\n").count == 4, "\(table)")  // a heading, a rule, 2 rows
  }

  @Test func aTimeEditAndAResetMarkShowTooAndControlCharactersAreEscaped() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Car", "--frequency", "monthly", "--kind", "meter")
    try sandbox.succeed("item", "add", "Car", "100", "--at", "2024-01-01", "--note", "a\u{1B}[31m")
    try sandbox.succeed("item", "edit", "1", "--at", "2024-01-02T08:00", "--reset", "--note", "b")
    let table = try sandbox.succeed("log", "--limit", "1")
    #expect(
      table.contains(
        "time 2024-01-01 00:00 → 2024-01-02 08:00, note 'a\\e[31m' → 'b', reset no → yes"),
      "\(table)")
    let csv = try sandbox.succeed("log", "--limit", "1", "--format", "csv")
    #expect(csv.contains(",time,2024-01-01T00:00:00+00:00,2024-01-02T08:00:00+00:00\n"))
    #expect(csv.contains(",note,a\u{1B}[31m,b\n") || csv.contains(",note,\"a\u{1B}[31m\",b\n"))
    #expect(csv.contains(",reset,no,yes\n"))
  }

  @Test(arguments: Backend.allCases) func theImportListInEveryFormat(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    let file = sandbox.folder.appendingPathComponent("=fuel.csv")
    try "date,amount\n2024-01-01,5\n2024-01-02,6\n".write(
      to: file, atomically: true, encoding: .utf8)
    for (now, more) in [
      ("2024-02-01T10:00:00Z", ["--create", "--frequency", "daily"]), ("2024-02-01T11:00:00Z", []),
    ] {
      let result = try sandbox.tally.run(
        ["import", "=fuel.csv", "--project", "Fuel"] + more,
        environment: sandbox.environment.merging(["TALLY_NOW": now]) { $1 }, in: sandbox.folder)
      #expect(result.status == 0, "\(result.stderr)")
    }
    try sandbox.succeed("import", "undo", "1", now: "2024-02-01T12:00:00Z")
    // The SHA-256 of the file's 38 bytes, by `sha256sum`.
    let sha = "b57a9722e75aee148b3496ad2a8c9716065c3fc20c0bf6f873861bdc70e79035"
    #expect(
      try sandbox.succeed("import", "list", "--format", "csv") == """
        id,at,project,file,imported,duplicates,skipped,sha256,undone
        1,2024-02-01T10:00:00+00:00,Fuel,'=fuel.csv,2,0,0,\(sha),yes

        """)
    #expect(
      try sandbox.succeed("import", "list", "--format", "json") == """
        [
        {"id":1,"at":"2024-02-01T10:00:00+00:00","project":"Fuel","file":"=fuel.csv","imported":2,"duplicates":0,"skipped":0,"sha256":"\(sha)","undone":true}
        ]

        """)
    let table = try sandbox.succeed("import", "list")
    #expect(table.contains("=fuel.csv") && table.contains(String(sha.prefix(12))), "\(table)")
  }

  @Test(arguments: Backend.allCases) func theRunningTimersInEveryFormat(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "+Writing", "--frequency", "daily", "--units", "h")
    try sandbox.succeed("timer", "start", "+Writing", now: "2024-03-01T09:00:00Z")
    let now = "2024-03-01T10:30:15Z"
    #expect(
      try sandbox.succeed("timer", "status", "--format", "csv", now: now) == """
        project,started_at,elapsed_seconds,note,tags
        '+Writing,2024-03-01T09:00:00+00:00,5415,,

        """)
    #expect(
      try sandbox.succeed("timer", "status", "--format", "json", now: now) == """
        [
        {"project":"+Writing","started_at":"2024-03-01T09:00:00+00:00","elapsed_seconds":5415,"note":null,"tags":[]}
        ]

        """)
    #expect(try sandbox.succeed("timer", "status", now: now).contains("1:30:15"))
  }

  @Test(arguments: Backend.allCases) func emptyListsInEveryFormat(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Spend", "--frequency", "daily")
    try sandbox.succeed("undo")
    for (command, header, words) in [
      (
        ["import", "list"], "id,at,project,file,imported,duplicates,skipped,sha256,undone\n",
        "No imports yet.\n"
      ),
      (
        ["timer", "status"], "project,started_at,elapsed_seconds,note,tags\n",
        "No timer is running.\n"
      ),
    ] {
      let table = try sandbox.tally.run(command, environment: sandbox.environment)
      #expect(table.status == 0 && table.stdout.isEmpty && table.stderr == words)
      let csv = try sandbox.tally.run(
        command + ["--format", "csv"], environment: sandbox.environment)
      #expect(csv.stdout == header)
      let json = try sandbox.tally.run(
        command + ["--format", "json"], environment: sandbox.environment)
      #expect(json.stdout == "[]\n")
    }
    let fresh = try Sandbox(backend)
    let table = try fresh.run("log")
    // On a file not made yet, a note names the path, so that a mistyped --db is noticed.
    let note =
      backend == .sqlite
      ? "Note: there is no database at \(fresh.environment["TALLY_DB"] ?? "") yet, so this is "
        + "what an empty one holds: check --db or TALLY_DB, or make it with `tally project add`.\n"
      : ""
    #expect(table.stdout.isEmpty && table.stderr == "No changes yet.\n" + note)
    #expect(
      try fresh.succeed("log", "--format", "csv") == "id,at,user,change,undone,field,old,new\n")
    #expect(try fresh.succeed("log", "--format", "json") == "[]\n")
  }

  @Test func anUnknownFormatIsRefused() throws {
    let sandbox = try Sandbox()
    for command in [["log"], ["import", "list"], ["timer", "status"]] {
      let result = try sandbox.tally.run(
        command + ["--format", "xml"], environment: sandbox.environment)
      #expect(result.status == 2)
      #expect(result.stderr.contains("The value 'xml' is invalid for '--format <format>'"))
      #expect(result.stdout.isEmpty)
    }
  }
}
