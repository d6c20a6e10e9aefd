import Foundation
import Testing

/// The table of `item list` lines up every column over all the readings listed.
///
/// It did so when it held them all; it now measures them in one pass over the storage and
/// writes them in the next. The expected table is laid out here from the
/// readings' own values, by rules written down apart from tally's.
@Suite struct ReadingTableEndToEndTests {
  struct Row {
    var id: String
    var time: String
    var amount: String
    var note: String
  }

  /// The table as README draws it: `ID` right, `TIME` left, the amount right, the note last;
  /// two spaces between columns, a rule as wide as the table, a line per month.
  func expected(_ rows: [Row], units: String) -> String {
    let amountHeader = "AMOUNT (\(units))"
    let id = max(2, rows.map(\.id.count).max() ?? 0)
    let time = max(4, rows.map(\.time.count).max() ?? 0)
    let amount = max(amountHeader.count, rows.map(\.amount.count).max() ?? 0)
    let note = max(4, rows.map(\.note.count).max() ?? 0)
    func pad(_ text: String, _ width: Int, right: Bool) -> String {
      let spaces = String(repeating: " ", count: width - text.count)
      return right ? spaces + text : text + spaces
    }
    func line(_ cells: [String]) -> String {
      var text = [
        pad(cells[0], id, right: true), pad(cells[1], time, right: false),
        pad(cells[2], amount, right: true), cells[3],
      ].joined(separator: "  ")
      while text.hasSuffix(" ") { text.removeLast() }
      return text + "\n"
    }
    var text = line(["ID", "TIME", amountHeader, "NOTE"])
    text += String(repeating: "-", count: id + time + amount + note + 6) + "\n"
    var month = ""
    for row in rows {
      if row.time.prefix(7) != month {
        month = String(row.time.prefix(7))
        text += month + "\n"
      }
      text += line([row.id, row.time, row.amount, row.note])
    }
    return text
  }

  @Test(arguments: Backend.allCases) func theTableLinesUpEveryReadingListed(
    _ backend: Backend
  ) throws {
    let sandbox = try Sandbox(backend)
    let made = "2024-01-01T00:00:00Z"
    try sandbox.succeed(
      "project", "add", "Walk", "--units", "km", "--frequency", "monthly", now: made)
    let readings = [
      ("3.5", "2024-01-05T08:00:00Z", "morning"),
      ("12", "2024-01-20T18:30:15Z", "long, with seconds"),
      ("0.25", "2024-02-02T07:00:00Z", ""),
      ("100", "2024-03-15T12:00:00Z", "x"),
    ]
    for (amount, at, note) in readings {
      var arguments = ["item", "add", "Walk", amount, "--at", at]
      if !note.isEmpty { arguments += ["--note", note] }
      let result = try sandbox.run(arguments, now: made)
      #expect(result.status == 0, "\(result.stderr)")
    }
    let ids = try sandbox.succeed("item", "list", "Walk", "--format", "csv")
      .split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }
    try #require(ids.count == 4)
    let rows = zip(ids, readings).map { id, reading in
      Row(
        id: id,
        time: reading.1.replacingOccurrences(of: "T", with: " ")
          .replacingOccurrences(of: "Z", with: ""),
        amount: reading.0, note: reading.2)
    }
    // One time has seconds: every time shows them.
    let all = try sandbox.succeed("item", "list", "Walk", "--tz", "UTC")
    #expect(all == expected(rows, units: "km"), "\(all)")
    // The newest two: neither has seconds, so the column keeps minutes.
    let last = try sandbox.succeed("item", "list", "Walk", "--tz", "UTC", "--last", "2")
    let minutes = rows.suffix(2).map { row in
      Row(id: row.id, time: String(row.time.prefix(16)), amount: row.amount, note: row.note)
    }
    #expect(last == expected(minutes, units: "km"), "\(last)")
    // From February on: the same, through the two passes over the storage.
    let narrowed = try sandbox.succeed(
      "item", "list", "Walk", "--tz", "UTC", "--from", "2024-02-01")
    #expect(narrowed == expected(minutes, units: "km"), "\(narrowed)")
    // Nothing in the range: a sentence, not an empty table.
    let none = try sandbox.run(["item", "list", "Walk", "--from", "2025-01-01"], now: made)
    #expect(none.status == 0 && !none.stdout.contains("TIME"), "\(none.stdout)")
    // A tagged reading later on: the tags show where it is listed, and only there.
    let tagged = try sandbox.run(
      ["item", "add", "Walk", "1", "--at", "2024-04-01T09:00:00Z", "--tag", "hills"], now: made)
    #expect(tagged.status == 0, "\(tagged.stderr)")
    for words in [["--to", "2024-04-01"], ["--from", "2024-02-01", "--to", "2024-04-01"]] {
      let untagged = try sandbox.succeed(["item", "list", "Walk", "--tz", "UTC"] + words)
      #expect(
        untagged == expected(words.count == 2 ? rows : minutes, units: "km"), "\(untagged)")
    }
    let withTags = try sandbox.succeed("item", "list", "Walk", "--tz", "UTC", "--last", "1")
    #expect(withTags.hasPrefix("ID  TIME              AMOUNT (km)  TAGS   NOTE\n"), "\(withTags)")
    #expect(withTags.hasSuffix("2024-04-01 09:00            1  hills\n"), "\(withTags)")
  }

  /// More readings than a server hands over at a time (10,000 a fetch): both passes of the
  /// table, the CSV and `check` go through every chunk.
  @Test(arguments: Backend.allCases) func aListingLongerThanAFetchIsWhole(
    _ backend: Backend
  ) throws {
    let sandbox = try Sandbox(backend)
    let made = "2024-01-01T00:00:00Z"
    try sandbox.succeed("project", "add", "Many", "--frequency", "daily", now: made)
    let count = 25_001
    var csv = "timestamp,amount,note\n"
    let iso = ISO8601DateFormatter()
    for index in 0..<count {
      // A minute apart from 2023-01-01, the last few with seconds.
      let seconds = 1_672_531_200 + index * 60 + (index >= count - 3 ? 7 : 0)
      let at = iso.string(from: Date(timeIntervalSince1970: Double(seconds)))
      csv += "\(at),\(index % 1000),n\(index)\n"
    }
    let file = sandbox.folder.appendingPathComponent("many.csv")
    try csv.write(to: file, atomically: true, encoding: .utf8)
    try sandbox.succeed("import", file.path, "--project", "Many", now: made)
    let listed = try sandbox.succeed("item", "list", "Many", "--format", "csv")
    #expect(listed.split(separator: "\n").count == count + 1)
    let table = try sandbox.succeed("item", "list", "Many", "--tz", "UTC")
    let lines = table.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    // Header, rule, a line per day (25,001 minutes are 18 days), a line per reading.
    #expect(lines.count == 2 + 18 + count, "\(lines.count)")
    let rows = lines.filter { $0.hasSuffix("n0") || $0.hasSuffix("n\(count - 1)") }
    #expect(rows.count == 2)
    // Every time shows seconds, since the last few have some; every row is as wide as the
    // widest (the note is the last column, and all notes here are ASCII).
    #expect(rows.allSatisfy { $0.contains(":00:00 ") || $0.contains(":07 ") }, "\(rows)")
    let timeColumn = lines[0].range(of: "TIME").map {
      lines[0].distance(from: lines[0].startIndex, to: $0.lowerBound)
    }
    for row in rows {
      let time = row.dropFirst(timeColumn ?? 0).prefix(19)
      #expect(time.count == 19 && time.dropFirst(16).first == ":", "\(row)")
    }
    #expect(try sandbox.run("check").status == 0)
  }
}
