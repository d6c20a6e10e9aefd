import Foundation
import Testing

/// The same thing behaves the same way wherever it is asked for: deleting asks first, ranges
/// follow one rule, empty reports say so, and hints name commands that work.
@Suite struct OneBehaviourTests {
  func sandboxWithACar() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Car", "--frequency", "monthly", "--units", "km")
    try sandbox.succeed("item", "add", "Car", "42", "--at", "2024-01-15T08:00:00Z")
    return sandbox
  }

  @Test func itemDeleteAsksLikeProjectDeleteAndScriptsSayYes() throws {
    let sandbox = try sandboxWithACar()
    let before = try sandbox.everything()
    let refused = try sandbox.run("item", "delete", "1")
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains(
        "not deleting reading #1 without --yes: standard input is not a terminal to confirm on"))
    #expect(try sandbox.everything() == before)
    let deleted = try sandbox.run("item", "delete", "1", "--yes")
    #expect(deleted.status == 0)
    #expect(
      try sandbox.succeed("item", "list", "Car", "--format", "csv") == "id,timestamp,amount,note\n")
  }

  @Test func anUnknownReadingIsNamedBeforeAnyQuestion() throws {
    let sandbox = try sandboxWithACar()
    let result = try sandbox.run("item", "delete", "99")
    #expect(result.status == 1)
    #expect(result.stderr.contains("there is no reading 99"))
  }

  @Test(arguments: [["item", "list", "Car"], ["report", "Car"]])
  func fromAfterToFailsEverywhere(_ command: [String]) throws {
    let sandbox = try sandboxWithACar()
    for (from, to) in [
      ("2024-02-01", "2024-01-01"), ("2024-01-15T08:00:00Z", "2024-01-15T08:00:00Z"),
    ] {
      let result = try sandbox.tally.run(
        command + ["--from", from, "--to", to], environment: sandbox.environment)
      #expect(result.status == 1)
      #expect(result.stderr.contains("--from must come before --to"))
    }
  }

  @Test(arguments: [
    ["item", "list", "Car", "--format", "csv"], ["report", "Car", "--format", "csv"],
  ])
  func fromIsInclusiveToTheMicrosecondAndToExclusive(_ command: [String]) throws {
    let sandbox = try sandboxWithACar()
    let at = try sandbox.tally.run(
      command + ["--from", "2024-01-15T08:00:00Z"], environment: sandbox.environment)
    #expect(at.stdout.contains(command[0] == "item" ? ",42," : ",1,42,"))
    let after = try sandbox.tally.run(
      command + ["--from", "2024-01-15T08:00:00.000001Z"], environment: sandbox.environment)
    #expect(!after.stdout.contains("42"))
    let to = try sandbox.tally.run(
      command + ["--to", "2024-01-15T08:00:00Z"], environment: sandbox.environment)
    #expect(!to.stdout.contains("42"))
  }

  @Test func anEmptyMarkdownReportSaysThereAreNoReadings() throws {
    let sandbox = try sandboxWithACar()
    try sandbox.succeed("project", "add", "Empty", "--frequency", "monthly")
    let markdown = try sandbox.succeed("report", "Empty", "--format", "markdown")
    #expect(markdown.contains("## Empty\n\nNo monthly readings in this range.\n"))
    #expect(!markdown.contains("from  to"))
    #expect(!markdown.contains("| **Total** | **0**"))
    let range = try sandbox.succeed(
      "report", "Car", "--format", "markdown", "--from", "2025-01-01")
    #expect(range.contains("No monthly readings in this range."))
  }

  @Test func undoingAnUndoneImportHintsWhatBringsItBack() throws {
    let sandbox = try sandboxWithACar()
    let file = sandbox.folder.appendingPathComponent("in.csv")
    try Data("date,amount\n2024-03-01,5\n".utf8).write(to: file)
    try sandbox.succeed("import", file.path, "--project", "Car")
    try sandbox.succeed("import", "undo", "1")
    let again = try sandbox.run("import", "undo", "1")
    #expect(again.status == 1)
    #expect(again.stderr.contains("import 1 is already undone"))
    #expect(!again.stderr.contains("`tally redo` brings it back"))
    #expect(again.stderr.contains("`tally undo` while it is the latest change"))
    // And the hint is right: undo brings the import back.
    try sandbox.succeed("undo")
    #expect(try sandbox.succeed("item", "list", "Car", "--format", "csv").contains(",5,"))
    let help = try sandbox.succeed("import", "undo", "--help")
    #expect(!help.contains("redo brings them back"))
  }

  @Test func answeringNoIsNoError() throws {
    // Without a terminal nothing is asked; the REPL's and the subcommands' prompts are
    // exercised in Tests/pty, where "n" prints "Not deleted." and the exit code stays 0.
    let sandbox = try sandboxWithACar()
    let script = try sandbox.run("repl", input: "open Car\ndelete 1\n")
    #expect(script.status == 1)
    #expect(script.stderr.contains("a script confirms with --yes"))
  }
}

/// Import rows as spreadsheets write them, and files that are not CSV at all.
@Suite struct ImportEdgeTests {
  func file(_ sandbox: Sandbox, _ bytes: [UInt8], name: String = "in.csv") throws -> String {
    let url = sandbox.folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  func file(_ sandbox: Sandbox, _ text: String) throws -> String {
    try file(sandbox, Array(text.utf8))
  }

  @Test func aRowWithoutItsTrailingEmptyFieldIsRead() throws {
    let sandbox = try Sandbox()
    let path = try file(
      sandbox, "date,amount,note\n2024-01-01,5,first\n2024-01-02,6\n2024-01-03,7,\n")
    try sandbox.succeed("import", path, "--project", "P", "--create", "--frequency", "daily")
    #expect(
      try sandbox.succeed("item", "list", "P", "--format", "csv") == """
        id,timestamp,amount,note
        1,2024-01-01T00:00:00+00:00,5,first
        2,2024-01-02T00:00:00+00:00,6,
        3,2024-01-03T00:00:00+00:00,7,

        """)
  }

  @Test func aRowMissingMoreThanItsLastFieldIsInvalid() throws {
    let sandbox = try Sandbox()
    let path = try file(sandbox, "date,amount,note\n2024-01-01\n")
    let result = try sandbox.run(
      "import", path, "--project", "P", "--create", "--frequency", "daily")
    #expect(result.status == 1)
    #expect(result.stderr.contains("line 2: 1 field(s) where the header has 3"))
  }

  @Test func aHeaderThatNamesAColumnTwiceIsRefusedByName() throws {
    let sandbox = try Sandbox()
    let path = try file(sandbox, "date,amount,Amount\n2024-01-01,5,6\n")
    let result = try sandbox.run(
      "import", path, "--project", "P", "--create", "--frequency", "daily")
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("names the column 'amount' twice (columns 2 and 3 of the header)"))
    #expect(
      try sandbox.succeed("project", "list", "--format", "csv").split(separator: "\n").count == 1)
  }

  /// The same bytes in a file and on standard input (whose first bytes are looked at ahead of
  /// the reader, which still reads them).
  @Test(arguments: [false, true])
  func binaryDataIsRefusedWithoutPrintingItsBytes(onStandardInput: Bool) throws {
    let sandbox = try Sandbox()
    var bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00]
    bytes += (0..<2_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let path = onStandardInput ? "-" : try file(sandbox, bytes, name: "tally.bin")
    let result = try sandbox.run(
      "import", path, "--project", "P", "--create", "--frequency", "daily",
      input: onStandardInput ? String(decoding: bytes, as: UTF8.self) : nil)
    #expect(result.status == 1)
    let named = onStandardInput ? "/dev/stdin" : path
    #expect(
      result.stderr.contains("cannot import \(named): it is not a text file (it holds binary data)")
    )
    #expect(result.stderr.count < 300)
    #expect(!result.stderr.contains("ELF"))
    #expect(
      try sandbox.succeed("project", "list", "--format", "csv").split(separator: "\n").count == 1)
  }

  @Test func controlCharactersFromAFileAreShownAsEscapesNotSentToTheTerminal() throws {
    let sandbox = try Sandbox()
    let path = try file(sandbox, "date,amount\n2024-01-01,\u{1B}[31mred\n")
    let result = try sandbox.run(
      "import", path, "--project", "P", "--create", "--frequency", "daily")
    #expect(result.status == 1)
    #expect(result.stderr.contains("'\\e[31mred': not a number"))
    #expect(!result.stderr.contains("\u{1B}"))
    let header = try file(
      sandbox, Array("day\u{7}\u{9B}2J,amount\n2024-01-01,1\n".utf8), name: "bell.csv")
    let missing = try sandbox.run(
      "import", header, "--project", "P", "--create", "--frequency", "daily")
    #expect(missing.stderr.contains("(its columns: day\\u{7}\\u{9B}2J, amount)"))
    #expect(!missing.stderr.unicodeScalars.contains { $0.value == 7 || $0.value == 0x9B })
  }

  @Test func anImportThatAddsNothingIsNotRecorded() throws {
    let sandbox = try Sandbox()
    let path = try file(sandbox, "date,amount\n2024-01-01,5\n2024-01-02,6\n")
    try sandbox.succeed("import", path, "--project", "P", "--create", "--frequency", "daily")
    let again = try sandbox.run("import", path, "--project", "P")
    #expect(again.status == 0)
    #expect(again.stderr.contains("2 already stored"))
    #expect(again.stderr.contains("nothing changed, so no import was recorded"))
    let list = try sandbox.succeed("import", "list")
    #expect(list.split(separator: "\n").count == 3, "a header, a rule and the first import")
    // Undo passes the empty re-import by and takes out the import that added readings.
    try sandbox.succeed("undo")
    #expect(try sandbox.succeed("export") == "project,timestamp,amount,note\n")
  }
}
