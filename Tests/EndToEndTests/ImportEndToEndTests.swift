import Foundation
import Testing

@Suite struct ImportEndToEndTests {
  /// The repository's `samples/` folder.
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples")

  func sample(_ name: String) -> String {
    Self.samples.appendingPathComponent(name).path
  }

  func write(_ text: String, in sandbox: Sandbox, name: String = "in.csv") throws -> String {
    let url = sandbox.folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test(arguments: Backend.allCases) func importsEverySampleAsItsReadmeSays(_ backend: Backend)
    throws
  {
    let sandbox = try Sandbox(backend)
    sandbox.environment["TZ"] = "Europe/Berlin"
    try sandbox.succeed(
      "import", sample("fuel-mileage.csv"), "--project", "Mileage", "--create", "--frequency",
      "daily", "--units", "km")
    try sandbox.succeed(
      "import", sample("electricity-meter.csv"), "--project", "Electricity", "--create",
      "--frequency", "monthly", "--units", "kWh", "--date-column", "Reading Date",
      "--amount-column", "kWh", "--note-column", "Comment")
    try sandbox.succeed(
      "import", sample("yearly-savings.csv"), "--project", "Savings", "--create", "--frequency",
      "yearly", "--units", "EUR", "--date-column", "year")
    try sandbox.succeed(
      "import", sample("european-weight.csv"), "--project", "Weight", "--create", "--frequency",
      "daily", "--units", "kg", "--delimiter", ";", "--date-column", "Datum", "--amount-column",
      "Gewicht", "--note-column", "Notiz", "--date-format", "dd.MM.yyyy HH:mm", "--decimal-comma")
    try sandbox.succeed(
      "import", sample("household.csv"), "--project", "Groceries", "--create", "--frequency",
      "daily", "--units", "EUR", "--filter-column", "category", "--filter-value", "groceries")
    let list = try sandbox.succeed("project", "list", "--format", "csv")
    #expect(list.contains("Mileage,km,daily,8,"))
    #expect(list.contains("Electricity,kWh,monthly,12,"))
    #expect(list.contains("Savings,EUR,yearly,5,"))
    #expect(list.contains("Weight,kg,daily,6,"))
    #expect(list.contains("Groceries,EUR,daily,3,"))
    let weight = try sandbox.succeed("item", "list", "Weight", "--format", "csv")
    #expect(weight.contains("2024-01-27T08:05:00+01:00,80.7,Lauf; 10 km"))
    #expect(weight.contains(",1079.5,"))
    let mileage = try sandbox.succeed("item", "list", "Mileage", "--format", "csv")
    #expect(mileage.contains(#",398.4,"winter tyres, ""quiet"" ones""#))
  }

  @Test(arguments: Backend.allCases) func importingTwiceAddsNothingAndTheSummarySaysSo(
    _ backend: Backend
  ) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "Mileage", "--frequency", "daily")
    let first = try sandbox.run("import", sample("fuel-mileage.csv"), "--project", "mileage")
    #expect(first.status == 0)
    #expect(first.stdout.isEmpty)
    #expect(first.stderr.contains("Imported 8 reading(s)"))
    let second = try sandbox.run("import", sample("fuel-mileage.csv"), "--project", "Mileage")
    #expect(second.stderr.contains("Imported 0 reading(s)"))
    #expect(second.stderr.contains("8 already stored"))
    #expect(try sandbox.succeed("project", "list", "--format", "csv").contains("Mileage,,daily,8,"))
    let imports = try sandbox.succeed("import", "list")
    #expect(imports.contains("fuel-mileage.csv"))
  }

  @Test func createSaysWhenTheProjectExistsAndLeavesItAsItIs() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Mileage", "--frequency", "daily", "--units", "km")
    let result = try sandbox.run(
      "import", sample("fuel-mileage.csv"), "--project", "mileage", "--create", "--frequency",
      "weekly", "--units", "mi")
    #expect(result.status == 0)
    #expect(
      result.stderr.contains(
        "Project Mileage exists already: --create left it as it is (daily, km)"))
    #expect(
      try sandbox.succeed("project", "list", "--format", "csv").contains("Mileage,km,daily,8,"))
  }

  @Test(arguments: Backend.allCases) func aFileFromAPipeImportsAsTheFileDoes(_ backend: Backend)
    throws
  {
    let text = try String(contentsOfFile: sample("fuel-mileage.csv"), encoding: .utf8)
    let piped = try Sandbox(backend)
    let result = try piped.run(
      "import", "/dev/stdin", "--project", "Mileage", "--create", "--frequency", "daily",
      input: text)
    #expect(result.status == 0)
    #expect(result.stderr.contains("Imported 8 reading(s) from /dev/stdin"))
    let again = try piped.run("import", "-", "--project", "Mileage", input: text)
    #expect(again.stderr.contains("8 already stored"))
    let file = try Sandbox(backend)
    try file.succeed(
      "import", sample("fuel-mileage.csv"), "--project", "Mileage", "--create", "--frequency",
      "daily")
    #expect(try piped.succeed("export") == (try file.succeed("export")))
  }

  @Test(arguments: Backend.allCases) func anExportImportsBackToTheSameReadings(_ backend: Backend)
    throws
  {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed(
      "import", sample("fuel-mileage.csv"), "--project", "Mileage", "--create", "--frequency",
      "daily")
    try sandbox.succeed(
      "import", sample("household.csv"), "--project", "Spend", "--create", "--frequency", "daily",
      "--filter-column", "category", "--filter-value", "fuel")
    let export = try sandbox.succeed("export")
    let file = try write(export, in: sandbox, name: "export.csv")

    let other = try Sandbox(backend)
    for title in ["Mileage", "Spend"] {
      try other.succeed(
        "import", file, "--project", title, "--create", "--frequency", "daily",
        "--filter-column", "project", "--filter-value", title)
    }
    #expect(try other.succeed("export") == export)
  }

  @Test(arguments: Backend.allCases) func anInvalidRowFailsTheImportNamingFileLineColumnAndValue(
    _ backend: Backend
  ) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "P", "--frequency", "daily")
    let file = try write("date,amount\n2024-01-01,1\n2024-01-02,abc\n2024-02-30,3\n", in: sandbox)
    let before = try sandbox.everything()
    let result = try sandbox.run("import", file, "--project", "P")
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains(
        "\(file), line 3, column amount: 'abc': not a number (and 1 more invalid row)"))
    #expect(try sandbox.everything() == before)

    let skipped = try sandbox.run("import", file, "--project", "P", "--skip-invalid")
    #expect(skipped.status == 0)
    #expect(skipped.stderr.contains("Skipped \(file), line 3, column amount: 'abc': not a number"))
    #expect(
      skipped.stderr.contains(
        "Skipped \(file), line 4, column date: '2024-02-30': no such date or time"))
    #expect(try sandbox.succeed("export").contains("P,2024-01-01T00:00:00+00:00,1,"))
  }

  @Test(arguments: Backend.allCases) func aDryRunReportsAndWritesNothing(_ backend: Backend) throws
  {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "P", "--frequency", "daily")
    let file = try write("date,amount\n2024-01-01,1\n2024-01-02,2\n", in: sandbox)
    try sandbox.succeed("import", file, "--project", "P")
    let more = try write(
      "date,amount\n2024-01-01,1\n2024-01-03,3\nbad,4\n", in: sandbox, name: "more.csv")
    let before = try sandbox.everything()
    let result = try sandbox.run("import", more, "--project", "P", "--dry-run")
    #expect(result.status == 1)
    #expect(result.stderr.contains("1 new, 1 already stored, 1 invalid; nothing was written"))
    #expect(result.stderr.contains("already stored: line 2: 2024-01-01T00:00:00+00:00 1"))
    #expect(result.stderr.contains("invalid: line 4, column date: 'bad'"))
    #expect(try sandbox.everything() == before)
    #expect(
      try sandbox.run("import", more, "--project", "P", "--dry-run", "--skip-invalid").status == 0)
    // Past the first five, the rest are counted.
    let days = (1...9).map { "2024-03-0\($0),\($0)\n" }.joined()
    let nine = try write("date,amount\n" + days, in: sandbox, name: "nine.csv")
    try sandbox.succeed("import", nine, "--project", "P")
    let again = try sandbox.run("import", nine, "--project", "P", "--dry-run")
    #expect(again.stderr.contains("already stored: line 6: 2024-03-05T00:00:00+00:00 5"))
    #expect(!again.stderr.contains("line 7:"))
    #expect(again.stderr.contains("  and 4 more already stored"))
  }

  @Test(arguments: [";", "\t", "|"]) func aFileSeparatedOtherwiseIsToldWhichDelimiterToName(
    _ separator: String
  ) throws {
    let sandbox = try Sandbox()
    let file = try write(
      "date\(separator)amount\n2024-01-01\(separator)3\n", in: sandbox, name: "other.csv")
    let result = try sandbox.run(
      "import", file, "--project", "P", "--create", "--frequency", "daily")
    #expect(result.status == 1)
    let option = separator == "\t" ? "tab" : "'\(separator)'"
    #expect(result.stderr.contains("add --delimiter \(option)."))
    let fixed = try sandbox.run(
      "import", file, "--project", "P", "--create", "--frequency", "daily", "--delimiter",
      separator == "\t" ? "tab" : separator)
    #expect(fixed.status == 0)
  }

  @Test(arguments: Backend.allCases) func undoAndImportUndoTakeOutTheBatch(_ backend: Backend)
    throws
  {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed(
      "import", sample("fuel-mileage.csv"), "--project", "Mileage", "--create", "--frequency",
      "daily")
    try sandbox.succeed("item", "add", "Mileage", "1", "--at", "2025-01-01")
    try sandbox.succeed("import", "undo", "1")
    #expect(try sandbox.succeed("project", "list", "--format", "csv").contains("Mileage,,daily,1,"))
    #expect(try sandbox.succeed("import", "list").contains("undone"))
    try sandbox.succeed("undo")
    #expect(try sandbox.succeed("project", "list", "--format", "csv").contains("Mileage,,daily,9,"))
    let again = try sandbox.run("import", "undo", "9")
    #expect(again.status == 1)
    #expect(again.stderr.contains("there is no import 9"))
  }

  /// On SQLite one's own import may lose a reading before it is taken out: the message counts
  /// the readings it takes (a shared server refuses it: someone's deletion would be undone).
  @Test func importUndoCountsTheReadingsItTakesOut() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed(
      "import", sample("fuel-mileage.csv"), "--project", "Mileage", "--create", "--frequency",
      "daily")
    try sandbox.succeed("item", "delete", "1", "--yes")
    let undone = try sandbox.run("import", "undo", "1")
    #expect(undone.status == 0)
    #expect(undone.stderr.contains("fuel-mileage.csv): 7 reading(s) from Mileage"))
    #expect(try sandbox.succeed("project", "list", "--format", "csv").contains("Mileage,,daily,0,"))
  }

  @Test(arguments: [
    (["import", "missing.csv", "--project", "P"], Int32(1), "there is no such file"),
    (["import", "IN", "--project", "Nope"], 1, "there is no project titled 'Nope'"),
    (
      ["import", "IN", "--project", "P", "--date-column", "when"], 1,
      "has no column 'when' (its columns: date, amount, note)"
    ),
    (
      ["import", "IN", "--project", "P", "--delimiter", ";;"], 2, "--delimiter takes one character"
    ),
    (
      ["import", "IN", "--project", "P", "--filter-column", "note"], 2,
      "--filter-column and --filter-value go together"
    ),
    (["import", "IN", "--project", "Q", "--create"], 2, "--create needs --frequency"),
    (
      ["import", "IN", "--project", "P", "--units", "km"], 2,
      "--frequency, --units, --kind and --group are for --create"
    ),
    (["import", "QUOTE", "--project", "P"], 1, ", line 3: a quoted field is never closed"),
    (["import", "undo", "x"], 2, "The value 'x' is invalid for '<batch>'"),
  ])
  func badImportsChangeNothing(arguments: [String], status: Int32, message: String) throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "P", "--frequency", "daily")
    let file = try write("date,amount,note\n2024-01-01,1,a\n", in: sandbox)
    let quote = try write(
      "date,amount,note\n2024-01-01,1,a\n2024-01-02,2,\"open\n", in: sandbox, name: "q.csv")
    let before = try sandbox.everything()
    let result = try sandbox.tally.run(
      arguments.map { $0 == "IN" ? file : $0 == "QUOTE" ? quote : $0 },
      environment: sandbox.environment)
    #expect(result.status == status)
    #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
    #expect(try sandbox.everything() == before)
  }

  @Test func aKilledImportLeavesTheDatabaseAsItWas() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Big", "--frequency", "daily")
    try sandbox.succeed("item", "add", "Big", "1", "--at", "2020-01-01")
    var text = "date,amount,note\n"
    for index in 0..<400_000 {
      text += "2020-01-01T00:00:\(String(format: "%02d", index % 60))Z,\(index),row \(index)\n"
    }
    let file = try write(text, in: sandbox)
    let before = try sandbox.everything()

    let process = Process()
    process.executableURL = sandbox.tally.url
    process.arguments = ["import", file, "--project", "Big"]
    process.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait until the import is writing (its write-ahead log grows), then kill it.
    let wal = (sandbox.environment["TALLY_DB"] ?? "") + "-wal"
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, process.isRunning {
      let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
      if size > 1 << 20 { break }
      usleep(10_000)
    }
    #expect(process.isRunning, "the import ended before it could be killed")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)

    #expect(try sandbox.everything() == before)
    let check = Process()
    check.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    check.arguments = [
      sandbox.environment["TALLY_DB"] ?? "",
      "PRAGMA integrity_check; SELECT COUNT(*) FROM reading;",
    ]
    let output = Pipe()
    check.standardOutput = output
    try check.run()
    check.waitUntilExit()
    let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(answer == "ok\n1\n")
  }
}
