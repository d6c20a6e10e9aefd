import Foundation
import Testing

/// Notes from strangers' files, through every output: nothing tally prints for people acts on
/// a terminal, no CSV cell runs as a formula, and programs still get the exact text.
@Suite struct HostileTextTests {
  /// Every C0 control but NUL, DEL, every C1 control, the bidirectional controls, line and
  /// paragraph separators, characters that show as nothing, formula starts and markup.
  static let notes: [String] = {
    var notes = (0x01...0x1F).map { "c0 \(String(UnicodeScalar(UInt8($0)))) end" }
    notes.append("del \u{7F} end")
    notes += (0x80...0x9F).compactMap { UnicodeScalar($0).map { "c1 \(String($0)) end" } }
    notes += [
      "osc52 \u{1B}]52;c;aGVsbG8=\u{07} end", "title \u{1B}]0;owned\u{07} end",
      "abc\u{202E}fed", "\u{2066}iso\u{2069}", "lrm\u{200E}rlm\u{200F}alm\u{061C}",
      "line\u{2028}sep\u{2029}end", "soft\u{AD}hyphen zero\u{200B}width\u{FEFF}bom",
      "joiner\u{2060}\u{2061}\u{2064}mongolian\u{180E}end",
      "=HYPERLINK(\"http://x\",\"y\")", "+1+1", "-2+3", "@SUM(A1:A2)", "\tlead tab",
      "'=already quoted", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))",
      "# heading", "a | b", "*b* _i_ `c`",
    ]
    return notes
  }()

  /// The scalars that must never reach a terminal raw.
  static func acts(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      switch scalar.value {
      case 0x00...0x09, 0x0B...0x1F, 0x7F...0x9F: true
      case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
      case 0x2028, 0x2029, 0x00AD, 0x180E, 0x200B, 0x2060...0x2064, 0xFEFF: true
      default: false
      }
    }
  }

  func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Notes", "--frequency", "daily", "--units", "km")
    for (index, note) in Self.notes.enumerated() {
      let day = String(format: "2024-01-%02d", index % 28 + 1)
      try sandbox.succeed("item", "add", "Notes", "\(index)", "--at", day, "--note", note)
    }
    return sandbox
  }

  @Test func outputsForPeopleShowEscapesNotControls() throws {
    let sandbox = try sandbox()
    let outputs: [(String, TallyBinary.Result)] = [
      ("item list", try sandbox.run("item", "list", "Notes", "--format", "table")),
      ("report table", try sandbox.run("report", "Notes", "--format", "table")),
      ("report markdown", try sandbox.run("report", "Notes", "--format", "markdown")),
      ("project list", try sandbox.run("project", "list", "--format", "table")),
      ("log", try sandbox.run("log")),
      ("repl", try sandbox.run("repl", input: "open Notes\nlist\n")),
      ("delete", try sandbox.run("item", "delete", "1", "--yes")),
    ]
    for (name, result) in outputs {
      #expect(result.status == 0, "\(name): \(result.stderr)")
      #expect(!Self.acts(result.stdout), "\(name) printed a control character")
      #expect(!Self.acts(result.stderr), "\(name) said a control character")
    }
    let listed = try sandbox.succeed("item", "list", "Notes", "--format", "table")
    #expect(listed.contains("osc52 \\e]52;c;aGVsbG8=\\u{7} end"))
    #expect(listed.contains("abc\\u{202E}fed"))
    #expect(listed.contains("c0 \\n end"))
    // One line per reading: a header, a rule, a section line per day, and the readings but
    // the one deleted above.
    let lines = listed.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 + 28 + (Self.notes.count - 1) + 1, "\(listed)")
  }

  /// Units written past tally (an older tally took some of these; a member may write them
  /// through SQL): the sentences that name them (a goal, a forecast, a trend) show them as the
  /// tables do, written out.
  @Test func unitsInSentencesShowEscapesNotControls() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed(
      "project", "add", "Walk", "--frequency", "daily", "--units", "km", "--goal", "5")
    try sandbox.succeed("item", "add", "Walk", "2", "--at", "2024-01-02T10:00")
    let database = try #require(sandbox.environment["TALLY_DB"])
    try Sandbox.sqlite(
      URL(fileURLWithPath: database),
      "UPDATE project SET units = 'k' || char(8233) || char(65279) || char(27) || '[31mm'")
    for words in [
      ["report", "Walk", "--format", "table", "--forecast"],
      ["report", "--all", "--format", "table"], ["goals"], ["day", "2024-01-02"],
      ["repl"],
    ] {
      let result = try sandbox.run(words, now: "2024-01-02T12:00")
      #expect(result.status == 0, "\(words): \(result.stderr)")
      #expect(!Self.acts(result.stdout), "\(words) printed a control character")
      #expect(!result.stdout.unicodeScalars.contains("\u{2029}"), "\(words)")
      #expect(!result.stdout.unicodeScalars.contains("\u{FEFF}"), "\(words)")
    }
    let report = try sandbox.succeed("report", "Walk", "--format", "table", "--forecast")
    #expect(report.contains("Goal: at least 5 k\\u{2029}\\u{FEFF}\\e[31mm per day"), "\(report)")
  }

  @Test func csvAndJSONCarryTheExactTextAndNoFormula() throws {
    let sandbox = try sandbox()
    let export = try sandbox.succeed("export")
    let json = try sandbox.succeed("export", "--format", "json")
    // JSON escapes what JSON must; the rest is carried as it is.
    let missing = Self.notes.filter { note in
      let text = note.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
      return !Self.acts(note) && !json.contains(text)
    }
    #expect(missing.isEmpty, "\(missing)")
    #expect(export.contains(",\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"\n"))
    #expect(export.contains(",'+1+1\n"))
    #expect(export.contains(",'-2+3\n"))
    #expect(export.contains(",'@SUM(A1:A2)\n"))
    #expect(export.contains(",'\tlead tab\n"))
    #expect(export.contains(",''=already quoted\n"))
    #expect(export.contains(",0,c0 \u{01} end\n"), "the exact bytes, for programs")
  }

  /// The HTML page and the SVG chart escape markup in titles and units.
  @Test func htmlAndSVGShowMarkupAsText() throws {
    let sandbox = try Sandbox()
    let title = "<img src=x onerror=alert(1)>"
    try sandbox.succeed(
      "project", "add", title, "--frequency", "monthly", "--units", "<script>x</script>")
    try sandbox.succeed("item", "add", title, "5", "--at", "2024-01-05")
    let page = try sandbox.succeed("report", "--all", "--format", "html")
    let chart = sandbox.folder.appendingPathComponent("chart.svg")
    try sandbox.succeed("report", title, "--output", chart.path)
    let svg = try String(contentsOf: chart, encoding: .utf8)
    for (name, text) in [("html", page), ("svg", svg)] {
      #expect(!text.contains("<img"), "\(name)")
      #expect(!text.contains("<script>x"), "\(name)")
      #expect(text.contains("&lt;img src=x onerror=alert(1)&gt;"), "\(name)")
    }
  }

  /// A message quotes 80 characters of a value and says how long it was.
  @Test func aHugeValueIsQuotedShort() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "P", "--frequency", "daily")
    let huge = String(repeating: "x", count: 100_000)
    let typed = try sandbox.run("item", "add", "P", huge)
    #expect(typed.status == 1)
    let shown = "'" + String(repeating: "x", count: 80) + "…' (100000 characters)"
    #expect(typed.stderr.contains(shown), "\(typed.stderr.prefix(300))")
    #expect(typed.stderr.utf8.count < 400)

    let file = sandbox.folder.appendingPathComponent("huge.csv")
    try ("date,amount\n2024-01-01," + String(repeating: "7", count: 500_000) + "z\n").write(
      to: file, atomically: true, encoding: .utf8)
    let imported = try sandbox.run("import", file.path, "--project", "P")
    #expect(imported.status == 1)
    #expect(imported.stderr.contains("(500001 characters)"), "\(imported.stderr.prefix(300))")
    #expect(imported.stderr.utf8.count < 600)
  }

  /// A long title is quoted short in every message that names it.
  @Test func aLongTitleIsQuotedShort() throws {
    let sandbox = try Sandbox()
    let title = String(repeating: "t", count: 500)
    try sandbox.succeed("project", "add", title, "--frequency", "daily")
    let shown = "'" + String(repeating: "t", count: 80) + "…' (500 characters)"
    let again = try sandbox.run("project", "add", title, "--frequency", "daily")
    #expect(again.stderr.hasPrefix("Error: a project titled \(shown) already exists"))
    let missing = try sandbox.run("item", "add", title + "x", "5")
    #expect(missing.stderr.hasPrefix("Error: there is no project titled '"))
    #expect(missing.stderr.contains("…' (501 characters)"))
    let multiline = try sandbox.run("project", "add", "B\nC", "--frequency", "daily")
    #expect(multiline.stderr.hasPrefix("Error: a project title must be one line: 'B\\nC'\n"))
  }

  /// tally's own export imports back byte for byte, spreadsheet marks and all, and into the
  /// same project adds nothing.
  @Test(arguments: Backend.allCases) func anExportImportsBackExactly(_ backend: Backend) throws {
    let sandbox = try Sandbox(backend)
    try sandbox.succeed("project", "add", "=Notes", "--frequency", "daily")
    for (index, note) in Self.notes.enumerated() where !note.contains("\r") {
      try sandbox.succeed("item", "add", "=Notes", "\(index)", "--at", "2024-01-01", "--note", note)
    }
    let file = sandbox.folder.appendingPathComponent("export.csv")
    try sandbox.succeed("export").write(to: file, atomically: true, encoding: .utf8)
    let again = try sandbox.run(
      "import", file.path, "--project", "=Notes", "--filter-column", "project", "--filter-value",
      "=Notes")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.hasPrefix("Imported 0 reading(s)"), "\(again.stderr)")

    let other = try Sandbox(backend)
    try other.succeed(
      "import", file.path, "--project", "=Notes", "--create", "--frequency", "daily",
      "--filter-column", "project", "--filter-value", "=Notes")
    #expect(
      try other.succeed("export", "--format", "json")
        == (try sandbox.succeed("export", "--format", "json")))
  }

  /// `--output` through a symbolic link writes the file it names, and the link stays.
  @Test func anOutputThroughALinkWritesTheFileItNames() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "P", "--frequency", "daily")
    try sandbox.succeed("item", "add", "P", "5", "--at", "2024-01-01")
    let target = sandbox.folder.appendingPathComponent("real.csv")
    try "old".write(to: target, atomically: true, encoding: .utf8)
    let link = sandbox.folder.appendingPathComponent("link.csv")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.csv")
    try sandbox.succeed("report", "P", "--format", "csv", "--output", link.path)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.csv")
    #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("project,period,"))
  }

  /// A 20 MB note in a file is refused at once, and the message stays a line.
  @Test func aTwentyMegabyteFieldIsRefusedShort() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "P", "--frequency", "daily")
    let before = try sandbox.everything()
    let file = sandbox.folder.appendingPathComponent("huge.csv")
    let note = String(repeating: "\u{1B}[31m", count: 4_000_000)
    try ("date,amount,note\n2024-01-01,5," + note + "\n").write(
      to: file, atomically: true, encoding: .utf8)
    let result = try sandbox.run("import", file.path, "--project", "P")
    #expect(result.status == 1)
    #expect(result.stderr.utf8.count < 600, "\(result.stderr.prefix(600))")
    #expect(!HostileTextTests.acts(result.stderr))
    #expect(try sandbox.everything() == before)
  }
}
