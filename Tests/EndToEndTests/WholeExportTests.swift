import Foundation
import TestSupport
import Testing

/// A whole export comes back in one command: `tally export --projects FILE` and
/// `tally import EXPORT --projects FILE` make every project with its settings and bring its
/// readings back, in one transaction, on SQLite and on a server alike.
@Suite struct WholeExportTests {
  /// Titles, units and notes a spreadsheet or a CSV reader might trip over.
  static let hostile = [
    "=SUM(A1)", "-5 minus", "+1", "@home", "comma, inside", "quote \"q\" inside",
    "line\nbreak", "crlf\r\nbreak", "tab\tinside", "ünïcødé 日本語 🏃", " padded ", "'quoted'",
  ]

  /// Makes projects of every kind with settings and a few hundred readings from a seeded
  /// generator, through the commands a person uses.
  static func fill(_ sandbox: Sandbox, seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let projects: [(String, [String])] = [
      (
        "Running",
        ["--units", "km", "--frequency", "weekly", "--goal", "20", "--goal-per", "weekly"]
      ),
      ("Car", ["--units", "km", "--frequency", "monthly", "--kind", "meter", "--decimals", "1"]),
      (
        "Weight",
        [
          "--units", "kg", "--frequency", "weekly", "--kind", "gauge", "--group", "Health",
          "--goal", "80", "--goal-is", "at-most", "--goal-since", "2024-02-01",
        ]
      ),
      ("=Formula title", ["--frequency", "daily", "--units", "=u"]),
      (
        "Writing ✍",
        ["--frequency", "daily", "--units", "h", "--goal", "1:30", "--group", "Health"]
      ),
      ("Empty", ["--frequency", "yearly", "--decimals", "0"]),
    ]
    for (title, settings) in projects {
      try sandbox.succeed(["project", "add", title] + settings)
      guard title != "Empty" else { continue }
      var csv = "date,amount,note,tags\n"
      var dial = 1000.0
      // In time order, so that a meter's dial rises from row to row.
      let seconds = (0..<(60 + Int(random.next() % 60))).map { _ in
        Int(random.next() % (150 * 86_400))
      }.sorted()
      for (row, second) in seconds.enumerated() {
        let stamp = Date(timeIntervalSince1970: 1_704_067_200 + Double(second))
        var amount = Double(Int(random.next() % 10_000)) / [1, 3, 7, 100][row % 4]
        if title == "Car" {
          dial += amount
          amount = dial
        }
        let note = random.next() % 3 == 0 ? "" : hostile[Int(random.next() % 12)]
        let tags = ["", "work", "a,b", "x;y;z"][Int(random.next() % 4)]
        csv += CSVText.line([ISO8601DateFormatter().string(from: stamp), "\(amount)", note, tags])
      }
      let file = sandbox.folder.appendingPathComponent("fill-\(projects.count)-\(csv.count).csv")
      try csv.write(to: file, atomically: true, encoding: .utf8)
      try sandbox.succeed(["import", file.path, "--project", title])
    }
    try sandbox.succeed("item", "add", "Car", "3", "--at", "2024-06-30T10:00", "--reset")
  }

  @Test(arguments: Backend.allCases)
  func aWholeExportComesBackByteForByteAndOnlyOnce(_ backend: Backend) throws {
    let source = try Sandbox(backend)
    try Self.fill(source, seed: 7)
    let settings = source.folder.appendingPathComponent("projects.csv")
    let export = try source.succeed("export", "--projects", settings.path)
    let exportFile = source.folder.appendingPathComponent("all.csv")
    try export.write(to: exportFile, atomically: true, encoding: .utf8)
    let settingsText = try String(contentsOf: settings, encoding: .utf8)
    #expect(
      settingsText.hasPrefix(
        "title,units,frequency,kind,decimals,group,goal,goal_per,goal_is,goal_since\n"))
    #expect(settingsText.contains("\n'=Formula title,'=u,daily,total,,,,,,\n"))
    #expect(settingsText.contains("\nEmpty,,yearly,total,0,,,,,\n"))
    #expect(
      settingsText.contains(
        "\nWeight,kg,weekly,gauge,,Health,80,weekly,at-most,2024-02-01T00:00:00+00:00\n"))

    let target = try Sandbox(backend)
    let imported = try target.run("import", exportFile.path, "--projects", settings.path)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stderr.contains("into 6 projects (imports 1-6)"))
    let copiedSettings = target.folder.appendingPathComponent("projects.csv")
    #expect(try target.succeed("export", "--projects", copiedSettings.path) == export)
    #expect(try String(contentsOf: copiedSettings, encoding: .utf8) == settingsText)
    for arguments in [
      ["report", "--all", "--format", "json"], ["goals", "--format", "csv"],
      ["project", "list", "--format", "json", "--group", "Health"],
    ] {
      let here = try source.run(arguments, now: "2024-07-01T12:00")
      let there = try target.run(arguments, now: "2024-07-01T12:00")
      #expect(
        here.stdout.replacingOccurrences(
          of: #""updated_at":"[^"]*""#, with: "", options: .regularExpression)
          == there.stdout.replacingOccurrences(
            of: #""updated_at":"[^"]*""#, with: "", options: .regularExpression),
        "\(arguments)")
    }

    // Again, it adds nothing and records nothing; undo then takes out the whole import.
    let before = try target.everything()
    let again = try target.run("import", exportFile.path, "--projects", settings.path)
    #expect(again.status == 0)
    #expect(again.stderr.contains("nothing changed, so no import was recorded"))
    #expect(try target.everything() == before)
    #expect(
      try target.succeed("import", "list", "--format", "csv").split(separator: "\n").count == 7)
    let undone = try target.succeed("undo")
    #expect(undone.isEmpty)
    #expect(try target.succeed("export") == "project,timestamp,amount,note\n")
    #expect(
      try target.succeed("project", "list", "--format", "csv").split(separator: "\n").count == 1)
    try target.succeed("redo")
    #expect(try target.succeed("export") == export)
  }

  @Test(arguments: Backend.allCases)
  func projectTakesOnlyItsRowsOrIsRefusedSayingWhy(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Running", "--frequency", "weekly", "--units", "km")
    let file = sandbox.folder.appendingPathComponent("all.csv")
    try """
    project,timestamp,amount,note
    Spend,2024-01-01T10:00:00Z,12.5,lunch
    Running,2024-01-02T07:00:00Z,5,
    '=Odd,2024-01-03T07:00:00Z,1,
    Running,2024-01-04T07:00:00Z,7,"long, slow"

    """.write(to: file, atomically: true, encoding: .utf8)
    let before = try sandbox.everything()

    let refused = try sandbox.run("import", file.path, "--project", "Cycling")
    #expect(refused.status == 1)
    #expect(
      refused.stderr.hasPrefix(
        "Error: no row of \(file.path) is of the project 'Cycling': it names '=Odd', 'Running', "
          + "'Spend' in its project column\n"))
    #expect(try sandbox.everything() == before)

    // Without --project and without settings, a project that is not there is named.
    let unknown = try sandbox.run("import", file.path)
    #expect(unknown.status == 1)
    #expect(
      unknown.stderr.hasPrefix(
        "Error: there is no project titled 'Spend' (\(file.path), line 2)\n"))
    #expect(try sandbox.everything() == before)

    let taken = try sandbox.succeed("import", file.path, "--project", "running")
    #expect(taken.isEmpty)
    let rows = try sandbox.succeed("item", "list", "Running", "--format", "csv")
    #expect(rows.contains(",5,\n") && rows.contains(",7,\"long, slow\"\n"))
    #expect(!rows.contains("lunch"))
    #expect(
      try sandbox.succeed("project", "list", "--format", "csv").split(separator: "\n").count == 2)

    // A project column named and not there is named.
    let named = try sandbox.run("import", file.path, "--project-column", "kategorie")
    #expect(named.status == 1)
    #expect(named.stderr.hasPrefix("Error: \(file.path) has no column 'kategorie'"))
    // --project-column none reads the file as one project's, as before.
    try sandbox.succeed("project", "add", "All", "--frequency", "daily")
    try sandbox.succeed("import", file.path, "--project", "All", "--project-column", "none")
    #expect(
      try sandbox.succeed("item", "list", "All", "--format", "csv").split(separator: "\n").count
        == 5)
  }

  @Test(arguments: Backend.allCases)
  func aBadRowOrSettingChangesNothingAndSaysWhere(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Running", "--frequency", "weekly")
    let before = try sandbox.everything()
    let file = sandbox.folder.appendingPathComponent("all.csv")
    let settings = sandbox.folder.appendingPathComponent("projects.csv")
    try "title,frequency,kind\nSpend,daily,total\nCar,monthly,meter\n".write(
      to: settings, atomically: true, encoding: .utf8)

    // One project's bad row fails every project's.
    try """
    project,timestamp,amount
    Spend,2024-01-01T10:00:00Z,12.5
    Running,2024-01-02T07:00:00Z,5
    Car,2024-01-03T07:00:00Z,many

    """.write(to: file, atomically: true, encoding: .utf8)
    let badAmount = try sandbox.run("import", file.path, "--projects", settings.path)
    #expect(badAmount.status == 1)
    #expect(badAmount.stderr.contains("\(file.path), line 4, column amount: 'many'"))
    #expect(try sandbox.everything() == before)

    // A meter's readings that fall fail it all too.
    try """
    project,timestamp,amount
    Spend,2024-01-01T10:00:00Z,12.5
    Car,2024-01-03T07:00:00Z,100
    Car,2024-01-04T07:00:00Z,90

    """.write(to: file, atomically: true, encoding: .utf8)
    let falling = try sandbox.run("import", file.path, "--projects", settings.path)
    #expect(falling.status == 1)
    #expect(falling.stderr.contains("line 4"))
    #expect(try sandbox.everything() == before)

    // A row without a project.
    try "project,timestamp,amount\nSpend,2024-01-01T10:00:00Z,1\n,2024-01-02T10:00:00Z,2\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let orphan = try sandbox.run("import", file.path, "--projects", settings.path)
    #expect(orphan.status == 1)
    #expect(
      orphan.stderr.hasPrefix(
        "Error: \(file.path), line 3, column project: '': names no project"))
    #expect(!orphan.stderr.contains("more invalid"))
    #expect(try sandbox.everything() == before)
    // Skipped, it is listed and the rest comes in.
    let skipped = try sandbox.run(
      "import", file.path, "--projects", settings.path, "--skip-invalid", "--dry-run")
    #expect(skipped.status == 0)
    #expect(skipped.stderr.contains("invalid: line 3, column project"))
    #expect(skipped.stderr.contains("and 1 invalid row(s) that belong to no project"))
    #expect(try sandbox.everything() == before)

    // A setting that is not one.
    for (content, message) in [
      (
        "title,frequency\nSpend,fortnightly\n",
        "line 2, column frequency: 'fortnightly': is not one of daily, weekly, monthly, quarterly, yearly"
      ),
      (
        "title,frequency,decimals\nSpend,daily,12\n",
        "line 2, column decimals: '12': is not a number of decimal places from 0 to 9"
      ),
      ("title,frequency,goal\nSpend,daily,lots\n", "line 2, column goal: 'lots'"),
      (
        "title,frequency\nSpend,daily\nspend,weekly\n",
        "line 3, column title: 'spend' is there twice (line 2 too)"
      ),
      ("name,frequency\nSpend,daily\n", "names the column 'name', which is no setting"),
      ("title,frequency,gaol\nSpend,daily,5\n", "names the column 'gaol', which is no setting"),
      ("title,frequency\nSpend,daily,5\n", "line 2: 3 fields where the header has 2"),
      (
        "title,frequency,goal_is\nSpend,daily,at-most\n",
        "line 2, column goal_is: 'at-most': is a setting of a goal, and the row gives no goal amount"
      ),
      (
        "title,frequency,group\nSpend,daily,None\n",
        "line 2, column group: 'None': is no group's name"
      ),
      (
        "title,frequency,goal,goal_since\nSpend,daily,5,2099-01-01\n",
        "line 2, column goal_since: '2099-01-01': is after now"
      ),
      ("title,frequency,units\nSpend,daily,\"a\nb\"\n", "line 2, column units: 'a\\nb'"),
    ] {
      try content.write(to: settings, atomically: true, encoding: .utf8)
      let result = try sandbox.run("import", file.path, "--projects", settings.path)
      #expect(result.status == 1, "\(content)")
      #expect(result.stderr.hasPrefix("Error: \(settings.path)"), "\(result.stderr)")
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(try sandbox.everything() == before)
    }

    // Titles compare as everywhere in tally: a settings row's spelling takes rows padded or
    // in another case; a file that spells one project two ways is refused.
    try "title,frequency\nRun,daily\n".write(to: settings, atomically: true, encoding: .utf8)
    try "project,timestamp,amount\nRun,2024-05-01,5\nrun,2024-05-02,6\n".write(
      to: file, atomically: true, encoding: .utf8)
    let twoWays = try sandbox.run("import", file.path, "--projects", settings.path)
    #expect(twoWays.status == 1)
    #expect(twoWays.stderr.contains("names one project two ways: 'Run' and 'run' (line 3)"))
    #expect(try sandbox.everything() == before)
    try "project,timestamp,amount\n run ,2024-05-01,5\nrun,2024-05-02,6\n".write(
      to: file, atomically: true, encoding: .utf8)
    try sandbox.succeed("import", file.path, "--projects", settings.path)
    #expect(
      try sandbox.succeed("item", "list", "Run", "--format", "csv").split(separator: "\n").count
        == 3)
    try sandbox.succeed("undo")

    // --projects goes nowhere that cannot take it, and is checked before a reading is out.
    for path in ["-", sandbox.folder.appendingPathComponent("no/such/p.csv").path, "/dev/null"] {
      let export = try sandbox.run("export", "--projects", path)
      #expect(export.status == 1, "\(path)")
      #expect(export.stdout.isEmpty, "\(path)")
    }

    // A file without a project column needs --project, and takes no --projects.
    try "date,amount\n2024-01-01,1\n".write(to: file, atomically: true, encoding: .utf8)
    let plain = try sandbox.run("import", file.path)
    #expect(plain.status == 1)
    #expect(plain.stderr.hasPrefix("Error: \(file.path) has no project column"))
    let withSettings = try sandbox.run(
      "import", file.path, "--project", "Running", "--projects", settings.path)
    #expect(withSettings.status != 0)
    #expect(try sandbox.everything() == before)
  }
}

/// A CSV line written the plain way, with no spreadsheet escapes: what another program writes.
enum CSVText {
  static func line(_ fields: [String]) -> String {
    fields.map { field in
      field.unicodeScalars.contains(where: { ",\"\n\r".unicodeScalars.contains($0) })
        ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }.joined(separator: ",") + "\n"
  }
}
