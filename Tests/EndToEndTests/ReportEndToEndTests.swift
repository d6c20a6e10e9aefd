import Foundation
import Testing

@Suite struct ReportEndToEndTests {
  func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Spend", "--frequency", "daily", "--units", "EUR")
    for (amount, at) in [
      ("12.5", "2024-01-01T10:00"), ("7.5", "2024-01-01T18:00"), ("20", "2024-01-03T09:00"),
      ("-5", "2024-02-15T12:00"), ("100", "2024-04-01T00:00"),
    ] {
      try sandbox.succeed("item", "add", "Spend", amount, "--at", at)
    }
    try sandbox.succeed("project", "add", "Empty", "--frequency", "monthly")
    return sandbox
  }

  @Test func csvPerPeriodWithTheContractsHeader() throws {
    let sandbox = try sandbox()
    #expect(
      try sandbox.succeed("report", "Spend", "--format", "csv") == """
        project,period,count,sum,min,max,mean
        Spend,2024-01-01,2,20,7.5,12.5,10
        Spend,2024-01-03,1,20,20,20,20
        Spend,2024-02-15,1,-5,-5,-5,-5
        Spend,2024-04-01,1,100,100,100,100

        """)
    #expect(
      try sandbox.succeed("report", "spend", "--period", "quarterly", "--format", "csv") == """
        project,period,count,sum,min,max,mean
        Spend,2024-Q1,4,35,-5,20,8.75
        Spend,2024-Q2,1,100,100,100,100

        """)
  }

  @Test func fromIsInclusiveToExclusiveAndEmptyPeriodsOnRequest() throws {
    let sandbox = try sandbox()
    let csv = try sandbox.succeed(
      "report", "Spend", "--period", "monthly", "--from", "2024-01-03", "--to", "2024-04-01",
      "--empty", "--format", "csv")
    #expect(
      csv == """
        project,period,count,sum,min,max,mean
        Spend,2024-01,1,20,20,20,20
        Spend,2024-02,1,-5,-5,-5,-5
        Spend,2024-03,0,0,,,

        """)
  }

  @Test func theTimeZoneMovesReadingsBetweenDays() throws {
    let sandbox = try sandbox()
    let tokyo = try sandbox.succeed("--tz", "Asia/Tokyo", "report", "Spend", "--format", "csv")
    // 2024-01-01T18:00Z is already the 2nd in Tokyo.
    #expect(tokyo.contains("Spend,2024-01-01,1,12.5,12.5,12.5,12.5\n"))
    #expect(tokyo.contains("Spend,2024-01-02,1,7.5,7.5,7.5,7.5\n"))
  }

  @Test func jsonTableAndMarkdown() throws {
    let sandbox = try sandbox()
    let json = try sandbox.succeed("report", "--all", "--period", "yearly", "--format", "json")
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(objects.count == 1)
    #expect(objects.first?["sum"] as? Double == 135)
    let table = try sandbox.succeed("report", "Spend", "--period", "monthly", "--format", "table")
    #expect(table.hasPrefix("Spend (EUR), monthly, 2024-01 to 2024-04\n"))
    #expect(table.contains("\ntotal        5  135   -5  100     27\n"))
    let markdown = try sandbox.succeed(
      "report", "Spend", "Empty", "--period", "monthly", "--format", "markdown")
    #expect(markdown.contains("## Spend (EUR)"))
    #expect(markdown.contains("| 2024-02 | 1 | -5 | -5 | -5 | -5 |"))
    #expect(markdown.contains("## Empty"))
  }

  @Test func outputGoesToAFileAndAUserTemplateRenders() throws {
    let sandbox = try sandbox()
    let output = sandbox.folder.appendingPathComponent("report.csv").path
    let result = try sandbox.run("report", "Spend", "--period", "yearly", "--output", output)
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(
      try String(contentsOfFile: output, encoding: .utf8)
        == "project,period,count,sum,min,max,mean\nSpend,2024,5,135,-5,100,27\n")
    let template = sandbox.folder.appendingPathComponent("mine.mustache")
    try Data("{{#projects}}{{title}}:{{#rows}} {{period}}={{sum}}{{/rows}}\n{{/projects}}".utf8)
      .write(to: template)
    #expect(
      try sandbox.succeed("report", "Spend", "--period", "yearly", "--template", template.path)
        == "Spend: 2024=135\n")
  }

  @Test(arguments: [
    (["report"], Int32(2), "give one or more project titles, --all or --group NAME"),
    (
      ["report", "Spend", "--all"], 2,
      "give project titles, --all or --group NAME, not more than one"
    ),
    (["report", "Nope"], 1, "there is no project titled 'Nope'"),
    (["report", "Spend", "--period", "hourly"], 2, "The value 'hourly' is invalid for '--period"),
    (["report", "Spend", "--format", "pdf"], 2, "The value 'pdf' is invalid for '--format"),
    (["report", "Spend", "--from", "2024-02-30"], 1, "--from '2024-02-30': no such date or time"),
    (
      ["report", "Spend", "--from", "2024-03-01", "--to", "2024-01-01"], 1,
      "--from must come before --to"
    ),
    (
      ["report", "Spend", "--template", "/nonexistent.mustache"], 1,
      "cannot read the template /nonexistent.mustache"
    ),
    (
      ["report", "Spend", "--template", "x", "--format", "csv"], 2,
      "--template renders its own format"
    ),
    (
      ["report", "Spend", "--output", "/nonexistent/dir/r.csv"], 1,
      "cannot write /nonexistent/dir/r.csv"
    ),
  ])
  func badReportsAreRefused(arguments: [String], status: Int32, message: String) throws {
    let sandbox = try sandbox()
    let before = try sandbox.everything()
    let result = try sandbox.tally.run(arguments, environment: sandbox.environment)
    #expect(result.status == status)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
    #expect(try sandbox.everything() == before)
  }

  @Test func aBrokenTemplateNamesItsLineAndLeavesNoOutputFile() throws {
    let sandbox = try sandbox()
    let template = sandbox.folder.appendingPathComponent("broken.mustache")
    try Data("ok\n{{#rows}}\n".utf8).write(to: template)
    let output = sandbox.folder.appendingPathComponent("out.md").path
    let result = try sandbox.run("report", "Spend", "--template", template.path, "--output", output)
    #expect(result.status == 1)
    #expect(result.stderr.contains("template \(template.path), line"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func aCopiedBinaryFindsItsTemplateFromAnyFolder() throws {
    let sandbox = try sandbox()
    let copy = sandbox.folder.appendingPathComponent("elsewhere/tally")
    try FileManager.default.createDirectory(
      at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: sandbox.tally.url, to: copy)
    let process = Process()
    process.executableURL = copy
    process.arguments = ["report", "Spend", "--period", "yearly", "--format", "markdown"]
    process.currentDirectoryURL = URL(fileURLWithPath: "/")
    process.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text.contains("| 2024 | 5 | 135 | -5 | 100 | 27 |"))
  }
}

/// `report --output`: the file is replaced whole or not at all, and synced.
@Suite struct ReportOutputFileTests {
  func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Spend", "--frequency", "daily", "--units", "EUR")
    try sandbox.succeed("item", "add", "Spend", "12.5", "--at", "2024-01-01")
    try sandbox.succeed("item", "add", "Spend", "7", "--at", "2024-06-30")
    return sandbox
  }

  func existingFile(in sandbox: Sandbox) throws -> String {
    let path = sandbox.folder.appendingPathComponent("report.csv").path
    try Data("the report of last week\n".utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func leftovers(in sandbox: Sandbox) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path)
      .filter { $0.hasSuffix(".tmp") }
  }

  @Test func anExistingFileSurvivesAFailedRender() throws {
    let sandbox = try sandbox()
    let output = try existingFile(in: sandbox)
    let template = sandbox.folder.appendingPathComponent("broken.mustache")
    try Data("{{#rows}}\n".utf8).write(to: template)
    let result = try sandbox.run("report", "Spend", "--template", template.path, "--output", output)
    #expect(result.status == 1)
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "the report of last week\n")
    #expect(try leftovers(in: sandbox).isEmpty)
  }

  @Test func anExistingFileSurvivesAFailedWrite() throws {
    let sandbox = try sandbox()
    let output = try existingFile(in: sandbox)
    // Files may grow to 128 KiB only (the database and its shared memory file are smaller),
    // and the signal that would end tally is ignored: writing 24 years of days (9,000 lines)
    // (210 KB) fails with EFBIG.
    try sandbox.succeed("item", "add", "Spend", "1", "--at", "2000-01-01")
    let bash = Process()
    bash.executableURL = URL(fileURLWithPath: "/bin/bash")
    bash.arguments = [
      "-c", "ulimit -f 128; trap '' XFSZ; exec \"$@\"", "bash", sandbox.tally.url.path, "report",
      "Spend", "--period", "daily", "--empty", "--format", "csv", "--output", output,
    ]
    bash.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
    let errors = Pipe()
    bash.standardError = errors
    try bash.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    bash.waitUntilExit()
    #expect(bash.terminationStatus == 1)
    #expect(message.contains("cannot write \(output): "))
    #expect(message.contains("Nothing was written; an existing file is as it was."))
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "the report of last week\n")
    #expect(try leftovers(in: sandbox).isEmpty)
  }

  @Test func aReplacedFileKeepsItsPermissions() throws {
    let sandbox = try sandbox()
    let output = try existingFile(in: sandbox)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: output)
    try sandbox.succeed("report", "Spend", "--format", "csv", "--output", output)
    let mode = try FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("project,period,"))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
  func theFileAndItsFolderAreSyncedBeforeAndAfterTheRename() throws {
    let sandbox = try sandbox()
    let output = sandbox.folder.appendingPathComponent("synced.csv").path
    let trace = sandbox.folder.appendingPathComponent("trace.txt").path
    let strace = Process()
    strace.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
    strace.arguments = [
      "-f", "-o", trace, "-e", "trace=openat,fsync,rename,renameat,renameat2",
      sandbox.tally.url.path, "report", "Spend", "--format", "csv", "--output", output,
    ]
    strace.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
    try strace.run()
    strace.waitUntilExit()
    #expect(strace.terminationStatus == 0)
    let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
      .map { $0.drop { $0 != " " }.trimmingCharacters(in: .whitespaces) }
    let renamed = try #require(
      calls.firstIndex { $0.hasPrefix("rename") && $0.contains("synced.csv\"") })
    let syncs = calls.indices.filter { calls[$0].hasPrefix("fsync(") }
    #expect(syncs.contains { $0 < renamed }, "the temporary file is synced before the rename")
    #expect(syncs.contains { $0 > renamed }, "the folder is synced after the rename")
    let folderOpened = calls.indices.contains {
      $0 > renamed && calls[$0].contains("\(sandbox.folder.path)\"")
        && calls[$0].contains("O_DIRECTORY")
    }
    #expect(folderOpened)
  }
}
