import Foundation
import TestSupport
import Testing

/// Tags on readings: set on every write path, kept by undo, redo, import undo and export,
/// and picked by `--tag`, `--any-tag`, `--not-tag` and `--note-contains` in reports, lists
/// and exports.
@Suite struct TagEndToEndTests {
  /// `Spend` in EUR with five readings over two weeks.
  func spend(_ backend: Backend) throws -> Sandbox {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Spend", "--frequency", "daily", "--units", "EUR")
    let readings: [[String]] = [
      ["10", "--at", "2024-03-04T12:00", "--tag", "Food,work"],
      ["30", "--at", "2024-03-05T12:00", "--tag", "work/client-a", "--note", "Taxi to CLIENT"],
      ["7", "--at", "2024-03-06T12:00", "--note", "Café au lait"],
      ["20", "--at", "2024-03-12T12:00", "--tag", "travel;work/client-b"],
      ["3", "--at", "2024-03-13T12:00", "--tag", "food", "--tag", "snack"],
    ]
    for reading in readings {
      try sandbox.tally.run(["item", "add", "Spend"] + reading, environment: sandbox.environment)
        .check()
    }
    return sandbox
  }

  @Test(arguments: Backend.allCases) func tagsAreWordsInLowerCaseAndEditsChangeThem(
    _ backend: Backend
  ) throws {
    let sandbox = try spend(backend)
    #expect(
      try sandbox.succeed("item", "list", "Spend", "--format", "csv") == """
        id,timestamp,amount,note,tags
        1,2024-03-04T12:00:00+00:00,10,,"food,work"
        2,2024-03-05T12:00:00+00:00,30,Taxi to CLIENT,work/client-a
        3,2024-03-06T12:00:00+00:00,7,Café au lait,
        4,2024-03-12T12:00:00+00:00,20,,"travel,work/client-b"
        5,2024-03-13T12:00:00+00:00,3,,"food,snack"

        """)
    try sandbox.succeed("item", "edit", "3", "--tag", "treat")
    try sandbox.succeed("item", "edit", "1", "--add-tag", "lunch", "--remove-tag", "work")
    try sandbox.succeed("item", "edit", "5", "--tag", "")
    let json = try sandbox.succeed("item", "list", "Spend", "--format", "json")
    #expect(json.contains(#""id":1,"#) && json.contains(#""tags":["food","lunch"]"#), "\(json)")
    #expect(json.contains(#""tags":["treat"]"#))
    #expect(json.contains(#""amount":3,"note":null,"tags":[]"#), "\(json)")
    let log = try sandbox.succeed("log", "--limit", "3", "--format", "csv")
    #expect(log.contains("tags,\"food,work\",\"food,lunch\""), "\(log)")
    // Undo takes the edits back one by one, redo brings them again.
    try sandbox.succeed("undo")
    try sandbox.succeed("undo")
    let undone = try sandbox.succeed("item", "list", "Spend", "--format", "csv")
    #expect(undone.contains("1,2024-03-04T12:00:00+00:00,10,,\"food,work\""), "\(undone)")
    #expect(undone.contains("5,2024-03-13T12:00:00+00:00,3,,\"food,snack\""))
    try sandbox.succeed("redo")
    let redone = try sandbox.succeed("item", "list", "Spend", "--format", "csv")
    #expect(redone.contains("1,2024-03-04T12:00:00+00:00,10,,\"food,lunch\""), "\(redone)")
  }

  /// Each filter against the readings picked by hand.
  @Test(arguments: Backend.allCases) func filtersPickTheReadingsInReportsListsAndExports(
    _ backend: Backend
  ) throws {
    let sandbox = try spend(backend)
    func sum(_ filter: String...) throws -> String {
      let csv = try sandbox.tally.run(
        ["report", "Spend", "--period", "yearly", "--format", "csv", "--stats", "count,sum"]
          + filter, environment: sandbox.environment
      ).check()
      return csv.split(separator: "\n").dropFirst().map(String.init).joined(separator: ";")
    }
    // `work` takes work/client-a and work/client-b; repeated --tag wants all of them.
    #expect(try sum("--tag", "work") == "Spend,2024,3,60")
    #expect(try sum("--tag", "WORK/client-a") == "Spend,2024,1,30")
    #expect(try sum("--tag", "work", "--tag", "food") == "Spend,2024,1,10")
    #expect(try sum("--any-tag", "travel,snack") == "Spend,2024,2,23")
    #expect(try sum("--not-tag", "work") == "Spend,2024,2,10")
    #expect(try sum("--note-contains", "client") == "Spend,2024,1,30")
    #expect(try sum("--note-contains", "CAFÉ") == "Spend,2024,1,7")
    #expect(try sum("--tag", "nothing") == "")
    // `wor` is not a tag the readings carry, only the start of one.
    #expect(try sum("--tag", "wor") == "")
    let list = try sandbox.succeed("item", "list", "Spend", "--not-tag", "food", "--format", "csv")
    #expect(list.split(separator: "\n").map { $0.prefix(2) } == ["id", "2,", "3,", "4,"])
    let export = try sandbox.succeed("export", "--any-tag", "travel,snack")
    #expect(
      export == """
        project,timestamp,amount,note,tags
        Spend,2024-03-12T12:00:00+00:00,20,,"travel,work/client-b"
        Spend,2024-03-13T12:00:00+00:00,3,,"food,snack"

        """)
    // Periods of a filtered report as the rollups give them for the readings picked.
    let weekly = try sandbox.succeed(
      "report", "Spend", "--period", "weekly", "--format", "csv", "--tag", "work")
    #expect(
      weekly == """
        project,period,count,sum,min,max,mean
        Spend,2024-W10,2,40,10,30,20
        Spend,2024-W11,1,20,20,20,20

        """)
  }

  @Test(arguments: Backend.allCases) func reportByTagHasARowPerPeriodAndTag(
    _ backend: Backend
  ) throws {
    let sandbox = try spend(backend)
    let csv = try sandbox.succeed(
      "report", "Spend", "--period", "weekly", "--by", "tag", "--format", "csv")
    #expect(
      csv == """
        project,period,tag,count,sum,min,max,mean
        Spend,2024-W10,food,1,10,10,10,10
        Spend,2024-W10,work,1,10,10,10,10
        Spend,2024-W10,work/client-a,1,30,30,30,30
        Spend,2024-W10,,1,7,7,7,7
        Spend,2024-W11,food,1,3,3,3,3
        Spend,2024-W11,snack,1,3,3,3,3
        Spend,2024-W11,travel,1,20,20,20,20
        Spend,2024-W11,work/client-b,1,20,20,20,20

        """)
    let json = try sandbox.succeed(
      "report", "Spend", "--period", "yearly", "--by", "tag", "--format", "json", "--tag", "work")
    #expect(
      json == """
        [
        {"project":"Spend","period":"2024","tag":"food","count":1,"sum":10,"min":10,"max":10,"mean":10},
        {"project":"Spend","period":"2024","tag":"travel","count":1,"sum":20,"min":20,"max":20,"mean":20},
        {"project":"Spend","period":"2024","tag":"work","count":1,"sum":10,"min":10,"max":10,"mean":10},
        {"project":"Spend","period":"2024","tag":"work/client-a","count":1,"sum":30,"min":30,"max":30,"mean":30},
        {"project":"Spend","period":"2024","tag":"work/client-b","count":1,"sum":20,"min":20,"max":20,"mean":20}
        ]

        """)
    let table = try sandbox.succeed(
      "report", "Spend", "--period", "yearly", "--by", "tag", "--format", "table")
    #expect(table.contains("Spend · food (EUR), yearly"), "\(table)")
    #expect(table.contains("Spend · untagged (EUR), yearly"), "\(table)")
    let markdown = try sandbox.succeed(
      "report", "Spend", "--period", "yearly", "--by", "tag", "--format", "markdown")
    #expect(markdown.contains("Spend · travel"), "\(markdown)")
    // No reading matches: the header keeps its tag column; a table says so.
    #expect(
      try sandbox.succeed("report", "Spend", "--by", "tag", "--tag", "nothing", "--format", "csv")
        == "project,period,tag,count,sum,min,max,mean\n")
    let none = try sandbox.succeed(
      "report", "Spend", "--by", "tag", "--tag", "nothing", "--format", "table")
    #expect(none.contains("No readings in this range."), "\(none)")
  }

  @Test(arguments: Backend.allCases) func importReadsTagsAndExportImportsBack(
    _ backend: Backend
  ) throws {
    let sandbox = try spend(backend)
    let file = sandbox.folder.appendingPathComponent("cafe.csv")
    try "date,amount,labels\n2024-03-04,4,\"Latte; oat\"\n2024-03-05,5,\n".write(
      to: file, atomically: true, encoding: .utf8)
    try sandbox.succeed(
      "import", file.path, "--project", "Cafe", "--create", "--frequency", "daily",
      "--tag-column", "labels", "--tag", "coffee")
    #expect(
      try sandbox.succeed("item", "list", "Cafe", "--format", "csv") == """
        id,timestamp,amount,note,tags
        6,2024-03-04T00:00:00+00:00,4,,"coffee,latte,oat"
        7,2024-03-05T00:00:00+00:00,5,,coffee

        """)
    // Undoing the import sets the readings aside; redo brings them back with their tags.
    try sandbox.succeed("import", "undo", "1")
    try sandbox.succeed("undo")
    #expect(
      try sandbox.succeed("item", "list", "Cafe", "--format", "csv", "--tag", "oat") == """
        id,timestamp,amount,note,tags
        6,2024-03-04T00:00:00+00:00,4,,"coffee,latte,oat"

        """)
    // An export imports back into a fresh database with every tag.
    let exported = sandbox.folder.appendingPathComponent("all.csv")
    try sandbox.succeed("export").write(to: exported, atomically: true, encoding: .utf8)
    let copy = try Sandbox(backend)
    try copy.succeed(
      "import", exported.path, "--project", "Spend", "--create", "--frequency", "daily",
      "--filter-column", "project", "--filter-value", "Spend")
    let original = try sandbox.succeed("item", "list", "Spend", "--format", "csv")
    let copied = try copy.succeed("item", "list", "Spend", "--format", "csv")
    #expect(copied == original)
  }

  /// A tag that starts as a formula does (`-x`) is marked with `'` in every CSV, as a note
  /// is, and an export imports back without the mark.
  @Test(arguments: Backend.allCases) func aTagLikeAFormulaIsMarkedAndReadBack(_ backend: Backend)
    throws
  {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Spend", "--frequency", "daily")
    try sandbox.succeed("item", "add", "Spend", "4", "--at", "2024-03-04", "--tag=-urgent")
    let listed = "id,timestamp,amount,note,tags\n1,2024-03-04T00:00:00+00:00,4,,'-urgent\n"
    #expect(try sandbox.succeed("item", "list", "Spend", "--format", "csv") == listed)
    let exported = sandbox.folder.appendingPathComponent("all.csv")
    let export = try sandbox.succeed("export")
    #expect(export.contains(",'-urgent\n"), "\(export)")
    try export.write(to: exported, atomically: true, encoding: .utf8)
    let copy = try Sandbox(backend)
    try copy.succeed("project", "add", "Spend", "--frequency", "daily")
    try copy.succeed("import", exported.path)
    #expect(try copy.succeed("item", "list", "Spend", "--format", "csv") == listed)
  }

  @Test(arguments: Backend.allCases) func checkReportsAReadingOverTheTagLimit(
    _ backend: Backend
  ) throws {
    let sandbox = try spend(backend)
    let url = sandbox.environment["TALLY_DB"] ?? ""
    let sql =
      "UPDATE reading SET tags = '," + (0..<33).map { "t\($0)" }.joined(separator: ",")
      + ",' WHERE id = 1"
    if backend == .postgres {
      // A row from before v15, which now refuses more than 32 tags on every row written.
      let bound = "reading_tags_bounded"
      _ = try PostgresTestServer.psql(
        url,
        "ALTER TABLE reading DROP CONSTRAINT \(bound); \(sql); ALTER TABLE reading ADD "
          + "CONSTRAINT \(bound) CHECK (length(tags) - length(replace(tags, ',', '')) <= 33) "
          + "NOT VALID")
    } else {
      let edit = Process()
      edit.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
      edit.arguments = [url, sql]
      try edit.run()
      edit.waitUntilExit()
    }
    let check = try sandbox.run("check")
    #expect(check.status == 1)
    #expect(
      check.stdout.contains("Spend: reading 1 carries 33 tags; a reading takes 32"),
      "\(check.stdout)\(check.stderr)")
  }

  @Test(arguments: Backend.allCases) func badTagsAreRefusedAndChangeNothing(
    _ backend: Backend
  ) throws {
    let sandbox = try spend(backend)
    let before = try sandbox.everything()
    for arguments in [
      ["item", "add", "Spend", "5", "--tag", "two words"],
      ["item", "add", "Spend", "5", "--tag", "work//a"],
      ["item", "add", "Spend", "5", "--tag", "/work"],
      ["item", "add", "Spend", "5", "--tag", String(repeating: "a", count: 65)],
      ["item", "add", "Spend", "5", "--tag", "a\u{1B}[31m"],
      ["item", "edit", "1", "--add-tag", "bad!"],
      ["report", "Spend", "--tag", "=cmd"],
      ["report", "Spend", "--as-of", "2024-03-10", "--tag", "work"],
      ["report", "Spend", "--by", "tag", "--forecast"],
      ["export", "--not-tag", "a,b c"],
      ["report", "Spend", "--any-tag", ""], ["item", "list", "Spend", "--tag", ","],
      ["report", "Spend", "--note-contains", ""],
      ["report", "Spend", "--by", "tag", "--stats", "sum,met"],
      ["report", "--group", "Home", "--by", "tag"],
    ] {
      let result = try sandbox.tally.run(arguments, environment: sandbox.environment)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr.hasPrefix("Error: "), "\(arguments): \(result.stderr)")
      #expect(!result.stderr.contains("\u{1B}"), "\(arguments)")
    }
    // 32 tags at most, however they are added.
    let many = (0..<31).map { "t\($0)" }.joined(separator: ",")
    try sandbox.succeed("item", "edit", "3", "--tag", many)
    let full = try sandbox.everything()
    let over = try sandbox.run("item", "edit", "3", "--add-tag", "x,y")
    #expect(over.status == 1)
    #expect(
      over.stderr.contains("reading 3 would carry 33 tags; a reading takes 32"), "\(over.stderr)")
    #expect(try sandbox.everything() == full)
    try sandbox.succeed("undo")
    let undone = try sandbox.everything()
    // Repeated --tag, and an import's column with --tag, are held to the same 32.
    let first = (0..<17).map { "a\($0)" }.joined(separator: ",")
    let second = (0..<17).map { "b\($0)" }.joined(separator: ",")
    let twice = try sandbox.run("item", "add", "Spend", "5", "--tag", first, "--tag", second)
    #expect(twice.status == 1)
    #expect(twice.stderr.contains("has 34 tags; a reading takes 32"), "\(twice.stderr)")
    let tagged = sandbox.folder.appendingPathComponent("tagged.csv")
    try "date,amount,tags\n2024-03-04,4,\"\(first)\"\n".write(
      to: tagged, atomically: true, encoding: .utf8)
    let both = try sandbox.run("import", tagged.path, "--project", "Spend", "--tag", second)
    #expect(both.status == 1)
    #expect(
      both.stderr.contains("tagged.csv, line 2, column tags") && both.stderr.contains("34 tags"),
      "\(both.stderr)")
    let options = try sandbox.run(
      "import", tagged.path, "--project", "Spend", "--tag", first, "--tag", second)
    #expect(options.status == 1)
    #expect(options.stderr.contains("--tag"), "\(options.stderr)")
    #expect(try sandbox.everything() == undone)
    let refused = try sandbox.run("item", "add", "Spend", "5", "--tag", "two words")
    #expect(refused.stderr.contains("'two words'"), "\(refused.stderr)")
    // A file with a bad tag on line 3 imports nothing and says where.
    let file = sandbox.folder.appendingPathComponent("bad.csv")
    try "date,amount,tags\n2024-03-04,4,ok\n2024-03-05,5,\"fine;no way\"\n".write(
      to: file, atomically: true, encoding: .utf8)
    let result = try sandbox.run("import", file.path, "--project", "Spend")
    #expect(result.status == 1)
    #expect(result.stderr.contains("bad.csv, line 3, column tags: 'no way'"), "\(result.stderr)")
    #expect(try sandbox.everything() == before)
  }
}

extension TallyBinary.Result {
  /// Standard output, or an error with standard error when tally failed.
  @discardableResult
  fileprivate func check() throws -> String {
    struct Failed: Error, CustomStringConvertible {
      let description: String
    }
    guard status == 0 else { throw Failed(description: "exit \(status): \(stderr)") }
    return stdout
  }
}
