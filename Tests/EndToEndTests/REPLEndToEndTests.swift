import Foundation
import Testing

/// The REPL through the real binary, without a terminal: standard input or a script.
@Suite struct REPLEndToEndTests {
  @Test func tallyWithoutArgumentsReadsCommandsFromStandardInput() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(input: "project add Mileage --frequency monthly\nopen 1\nadd 5\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("+ #1"))
    #expect(!result.stdout.contains("tally ›"), "no prompts without a terminal")
    #expect(!result.stdout.contains("\u{1B}["), "no escape codes without a terminal")
    #expect(try sandbox.succeed("item", "list", "Mileage", "--format", "csv").contains(",5,"))
  }

  @Test func aFailedLineMakesTheExitCodeOneAndTheRestStillRuns() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      "repl", input: "nonsense\nproject add Mileage --frequency monthly\n")
    #expect(result.status == 1)
    #expect(result.stderr.contains("Error: stdin:1: unknown command 'nonsense'"))
    #expect(try sandbox.succeed("project", "list", "--format", "csv").contains("Mileage"))
  }

  @Test func aMissingScriptIsAnError() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("repl", "--script", "no-such-script.txt")
    #expect(result.status == 1)
    #expect(result.stderr.contains("cannot read the script no-such-script.txt"))
  }

  @Test func aFolderIsNotAScript() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("repl", "--script", sandbox.folder.path)
    #expect(result.status == 1)
    #expect(result.stderr.contains("it is a folder, not a file"))
  }

  @Test func crlfLinesBadBytesAndLongScriptsAreRead() throws {
    let sandbox = try Sandbox()
    var script = Data("project add Mileage --frequency daily --units km\r\nopen Mileage\r\n".utf8)
    script.append(contentsOf: [0x61, 0x64, 0x64, 0x20, 0xFF, 0x0A])  // "add \xFF"
    for day in 1...400 {
      script.append(contentsOf: Data("add \(day) --at 2020-01-01T00:00:00Z\n".utf8))
    }
    let file = sandbox.folder.appendingPathComponent("script.txt")
    try script.write(to: file)
    let result = try sandbox.run("repl", "--script", file.path)
    #expect(result.status == 1)
    #expect(result.stderr.contains("script.txt:3: amount '\u{FFFD}'"))
    #expect(
      try sandbox.succeed("item", "list", "Mileage", "--format", "csv")
        .split(separator: "\n").count == 401)
  }

  @Test func scriptsAndPipedInputStartAtHomeAndPrintOnlyWhatTheirLinesProduce() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Car", "--frequency", "monthly", "--units", "km")
    let first = try sandbox.run("repl", input: "open Car\n")
    #expect(first.status == 0)
    #expect(first.stdout.hasPrefix("Car · km · monthly"), "no home screen before the line's")
    // Nothing carries over from the script before: this one starts at home again.
    let quiet = try sandbox.run("repl", input: "")
    #expect(quiet.status == 0)
    #expect(quiet.stdout.isEmpty)
    let script = sandbox.folder.appendingPathComponent("s.txt")
    try Data("add 7\n".utf8).write(to: script)
    let add = try sandbox.run("repl", "--script", script.path)
    #expect(add.status == 1)
    #expect(add.stderr.contains("s.txt:1: unknown command 'add'"))
    #expect(
      try sandbox.succeed("item", "list", "Car", "--format", "csv") == "id,timestamp,amount,note\n")
  }

  @Test func scriptsDoNotChangeTheDatabaseWhenTheirLinesFail() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Mileage", "--frequency", "monthly")
    let before = try sandbox.everything()
    let result = try sandbox.run(
      "repl",
      input: """
        open Mileage
        add twelve
        add 1 --at 2024-02-30
        delete
        edit 7
        item add Nowhere 3
        project add Mileage --frequency daily
        new
        mileage

        daily
        total




        """)
    #expect(result.status == 1)
    #expect(result.stderr.contains("stdin:3: --at"))
    #expect(result.stderr.contains("stdin:6: there is no project titled 'Nowhere'"))
    // The form asks title, units, frequency, kind, group, decimals and goal: line 15 submits
    // it.
    #expect(result.stderr.contains("stdin:15: a project titled"))
    #expect(try sandbox.everything() == before)
  }

  @Test func importOnAProjectScreenImportsIntoThatProject() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Mileage", "--frequency", "daily", "--units", "km")
    let result = try sandbox.tally.run(
      ["repl"], environment: sandbox.environment,
      input: "open Mileage\nimport samples/fuel-mileage.csv\n", in: TranscriptTests.repository)
    #expect(result.status == 0)
    #expect(
      result.stderr.contains("Imported 8 reading(s) from samples/fuel-mileage.csv into Mileage"))
    #expect(result.stdout.contains("+ #8  2024-02-23 00:00  467 km  Lyon and back"))
  }

  @Test func theDatabaseAndZoneCannotChangeInsideTheREPL() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("repl", input: "project list --db /tmp/other.sqlite\n")
    #expect(result.status == 1)
    #expect(result.stderr.contains("--db and --tz are chosen when tally starts"))
  }
}
