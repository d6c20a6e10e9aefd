import Foundation
import Testing

/// Groups of projects: `--group` on `project add` and `project edit`, the `group` column of
/// `project list`, `report --group` with its combined rows, and the group kept through undo,
/// the log, backups, exports and an older database's migration.
@Suite struct GroupEndToEndTests {
  /// Four projects of Household (two totals in EUR, one in km, a gauge) and one without a
  /// group, with readings in January and February 2024.
  private func household(_ backend: Backend) throws -> Sandbox {
    let sandbox = try Sandbox(backend)
    let now = "2024-03-01T00:00:00Z"
    try sandbox.succeed(
      "project", "add", "Spend", "--frequency", "monthly", "--units", "EUR", "--group",
      "Household", now: now)
    // Another spelling joins the same group, and takes the group's spelling.
    try sandbox.succeed(
      "project", "add", "Energy", "--frequency", "monthly", "--units", "EUR", "--group",
      " household ", now: now)
    try sandbox.succeed(
      "project", "add", "Car", "--frequency", "monthly", "--units", "km", "--group",
      "Household", now: now)
    try sandbox.succeed(
      "project", "add", "Weight", "--frequency", "monthly", "--units", "kg", "--kind", "gauge",
      "--group", "Household", now: now)
    try sandbox.succeed("project", "add", "Running", "--frequency", "weekly", now: now)
    for (title, amount, at) in [
      ("Spend", "40", "2024-01-05"), ("Spend", "10", "2024-02-03"), ("Energy", "60", "2024-01-20"),
      ("Car", "300", "2024-01-07"), ("Weight", "80", "2024-01-08"),
    ] {
      try sandbox.succeed("item", "add", title, amount, "--at", at, now: now)
    }
    return sandbox
  }

  @Test(arguments: Backend.allCases) func projectsListUnderTheirGroupsWithTheGroupLast(
    _ backend: Backend
  ) throws {
    let sandbox = try household(backend)
    let csv = try sandbox.succeed("project", "list", "--format", "csv")
    let lines = csv.split(separator: "\n").map(String.init)
    #expect(lines.first == "title,units,frequency,readings,last_reading,updated_at,group")
    #expect(lines.contains { $0.hasPrefix("Energy,EUR,monthly,1,") && $0.hasSuffix(",Household") })
    #expect(lines.contains { $0.hasPrefix("Running,,weekly,0,") && $0.hasSuffix(",") })
    let json = try sandbox.succeed("project", "list", "--format", "json")
    #expect(json.contains(#""title":"Car","#) && json.contains(#","group":"Household"}"#))
    #expect(json.contains(#""title":"Running","#) && json.contains(#","group":null}"#))
    // The table: each group under its heading, the projects in no group last.
    let table = try sandbox.succeed("project", "list")
    let household = try #require(table.range(of: "Household"))
    let noGroup = try #require(table.range(of: "No group"))
    let running = try #require(table.range(of: "Running"))
    let spend = try #require(table.range(of: "Spend"))
    #expect(household.lowerBound < spend.lowerBound && spend.lowerBound < noGroup.lowerBound)
    #expect(noGroup.lowerBound < running.lowerBound)
  }

  @Test(arguments: Backend.allCases) func aGroupChangeIsUndoneRedoneAndLogged(
    _ backend: Backend
  ) throws {
    let sandbox = try household(backend)
    let message = try sandbox.run(
      "project", "edit", "Spend", "--group", "none", now: "2024-03-02T00:00:00Z")
    #expect(message.status == 0)
    #expect(message.stderr.contains("Changed project Spend; in no group now"))
    func group(of title: String) throws -> String? {
      let csv = try sandbox.succeed("project", "list", "--format", "csv")
      return csv.split(separator: "\n").first { $0.hasPrefix("\(title),") }
        .map { String($0.split(separator: ",", omittingEmptySubsequences: false).last ?? "") }
    }
    #expect(try group(of: "Spend") == "")
    let log = try sandbox.succeed("log", "--format", "csv", "--limit", "1")
    #expect(log.contains(",no,group,Household,\n"), "\(log)")
    try sandbox.succeed("undo", now: "2024-03-03T00:00:00Z")
    #expect(try group(of: "Spend") == "Household")
    try sandbox.succeed("redo", now: "2024-03-04T00:00:00Z")
    #expect(try group(of: "Spend") == "")
    try sandbox.succeed(
      "project", "edit", "Spend", "--group", "Shared", now: "2024-03-05T00:00:00Z")
    #expect(try group(of: "Spend") == "Shared")
  }

  @Test(arguments: Backend.allCases) func aGroupReportAddsCombinedRowsInEveryFormat(
    _ backend: Backend
  ) throws {
    let sandbox = try household(backend)
    let csv = try sandbox.run(
      "report", "--group", "HOUSEHOLD", "--format", "csv", now: "2024-03-01T00:00:00Z")
    #expect(csv.status == 0)
    #expect(
      csv.stdout == """
        project,period,count,sum,min,max,mean,first,last,change
        Car,2024-01,1,300,300,300,300,,,
        Energy,2024-01,1,60,60,60,60,,,
        Spend,2024-01,1,40,40,40,40,,,
        Spend,2024-02,1,10,10,10,10,,,
        Weight,2024-01,1,,80,80,80,80,80,
        Household (all),2024-01,2,100,40,60,50,,,
        Household (all),2024-02,1,10,10,10,10,,,

        """)
    #expect(
      csv.stderr.contains(
        "Household (all) adds up the totals in EUR of Energy, Spend; left out: Car is in km, "
          + "not EUR; Weight is a gauge: only totals add up."), "\(csv.stderr)")
    let json = try sandbox.succeed(
      "report", "--group", "Household", "--format", "json", now: "2024-03-01T00:00:00Z")
    #expect(
      json.contains(
        #"{"project":"Household (all)","period":"2024-01","count":2,"sum":100,"min":40,"max":60,"mean":50,"first":null,"last":null,"change":null}"#
      ), "\(json)")
    let markdown = try sandbox.succeed(
      "report", "--group", "Household", "--format", "markdown", now: "2024-03-01T00:00:00Z")
    #expect(markdown.contains(#"## Household \(all\) (EUR)"#), "\(markdown)")
    let table = try sandbox.succeed(
      "report", "--group", "Household", "--format", "table", now: "2024-03-01T00:00:00Z")
    #expect(table.contains("Household (all)"))
    #expect(!table.contains("Running"))
    let svg = try sandbox.succeed(
      "report", "--group", "Household", "--format", "svg", now: "2024-03-01T00:00:00Z")
    #expect(svg.contains("Household (all)"))
  }

  @Test(arguments: Backend.allCases) func badGroupsAreRefusedAndChangeNothing(
    _ backend: Backend
  ) throws {
    let sandbox = try household(backend)
    let before = try sandbox.everything()
    let control = try sandbox.run("project", "edit", "Spend", "--group", "Home\u{1B}[31m")
    #expect(control.status == 1)
    #expect(control.stderr.contains("a group name cannot hold control or invisible characters"))
    let empty = try sandbox.run("project", "add", "Gas", "--frequency", "daily", "--group", " ")
    #expect(empty.status == 1)
    #expect(empty.stderr.contains("a group name cannot be empty"))
    let nope = try sandbox.run("report", "--group", "Nope", "--format", "csv")
    #expect(nope.status == 1)
    #expect(nope.stdout.isEmpty)
    #expect(nope.stderr.contains("there is no group named 'Nope'"))
    #expect(nope.stderr.contains("The groups: Household."))
    let both = try sandbox.run("report", "--all", "--group", "Household")
    #expect(both.status == 2)
    #expect(try sandbox.everything() == before)
  }

  @Test(arguments: Backend.allCases) func backupsRestoresAndImportsKeepTheGroup(
    _ backend: Backend
  ) throws {
    let sandbox = try household(backend)
    let backup = sandbox.folder.appendingPathComponent("backup.sqlite").path
    try sandbox.succeed("backup", backup)
    let restored = try Sandbox()
    try restored.succeed("restore", backup)
    #expect(
      try restored.succeed("project", "list", "--format", "json")
        == (try sandbox.succeed("project", "list", "--format", "json")))
    // An export holds readings; `import --create --group` puts the new project in a group.
    let export = sandbox.folder.appendingPathComponent("spend.csv")
    try Data(try sandbox.succeed("export").utf8).write(to: export)
    let imported = try Sandbox()
    try imported.succeed(
      "import", export.path, "--project", "Spend", "--filter-column", "project",
      "--filter-value", "Spend", "--create", "--frequency", "monthly", "--units", "EUR",
      "--group", "Household")
    #expect(
      try imported.succeed("project", "list", "--format", "csv").contains(
        "Spend,EUR,monthly,2,"))
    #expect(try imported.succeed("project", "list", "--format", "csv").hasSuffix(",Household\n"))
  }

  /// A database from before groups: the column is added, old journal entries still undo.
  @Test func anOlderDatabaseGainsGroupsAndItsJournalStillUndoes() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Spend", "--frequency", "monthly", "--units", "EUR")
    try sandbox.succeed("project", "edit", "Spend", "--units", "USD")
    // Make it as a tally without groups left it.
    let file = try #require(sandbox.environment["TALLY_DB"])
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    shell.arguments = [
      "sqlite3", file,
      "ALTER TABLE project DROP COLUMN group_name; "
        + "DELETE FROM grdb_migrations WHERE identifier = 'v11 project groups';",
    ]
    try shell.run()
    shell.waitUntilExit()
    try #require(shell.terminationStatus == 0, "sqlite3 is needed for this test")
    #expect(
      try sandbox.succeed("project", "list", "--format", "csv").hasSuffix(
        "Spend,USD,monthly,0,,\(try updated(sandbox)),\n"))
    try sandbox.succeed("undo")
    #expect(try sandbox.succeed("project", "list", "--format", "csv").contains("Spend,EUR,"))
    try sandbox.succeed("project", "edit", "Spend", "--group", "Household")
    #expect(try sandbox.succeed("project", "list", "--format", "csv").hasSuffix(",Household\n"))
  }

  private func updated(_ sandbox: Sandbox) throws -> String {
    let csv = try sandbox.succeed("project", "list", "--format", "csv")
    let row = csv.split(separator: "\n")[1].split(separator: ",", omittingEmptySubsequences: false)
    return String(row[5])
  }
}
