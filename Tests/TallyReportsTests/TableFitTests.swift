import TallyReports
import Testing

/// Tables fit the terminal: text columns are cut with an ellipsis, figures and times never;
/// where they cannot fit, each row is a record of one field a line.
@Suite struct TableFitTests {
  func table() -> TextTable {
    var table = TextTable(columns: [
      .init("ID", .right), .init("TIME"), .init("AMOUNT", .right), .init("NOTE", .text),
    ])
    table.append(["12", "2024-01-15 08:30", "1234567.5", "a long note about a trip to the coast"])
    return table
  }

  @Test func aNoteIsCutAndTheFiguresStayWhole() {
    #expect(
      table().render(width: 50) == """
        ID  TIME                 AMOUNT  NOTE
        --------------------------------------------------
        12  2024-01-15 08:30  1234567.5  a long note abou…

        """)
  }

  @Test(arguments: [39, 30, 20]) func belowFortyColumnsEachRowIsARecord(width: Int) {
    let text = table().render(width: width)
    #expect(text.hasPrefix("-[ RECORD 1 ]-"))
    #expect(text.contains("ID     | 12\n"))
    // A time too wide for the line goes on over the next: never cut.
    #expect(
      text.contains("TIME   | 2024-01-15 08:30\n")
        || (width < 25 && text.contains("TIME   | 2024-01-15\n       | 08:30\n")), "\(text)")
    #expect(text.contains("AMOUNT | 1234567.5\n"))
    for line in text.split(separator: "\n") {
      #expect(DisplayWidthProbe.columns(String(line)) <= width, "\(line)")
    }
  }

  /// A figure or a time carried over lines loses nothing, and each of its lines fits.
  ///
  /// Its lines, put together, are it; each fits (but a character wider than the lines), for
  /// random text of spaces, digits, wide characters and emoji. Widths are counted here by a
  /// rule of the test's own.
  @Test func aValueCarriedOverLinesIsWholeAndEachLineFits() {
    let alphabet: [Character] = ["1", "2", " ", "-", ":", "東", "🚗", "a"]
    func columns(_ text: Substring) -> Int {
      text.reduce(0) { $0 + ($1 == "東" || $1 == "🚗" ? 2 : 1) }
    }
    var random = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let text = String(
        (0..<Int.random(in: 0...40, using: &random)).map { _ in
          alphabet.randomElement(using: &random) ?? "1"
        })
      let width = Int.random(in: 1...30, using: &random)
      let lines = DisplayWidth.lines(of: text, width: width)
      #expect(lines.joined() == text, "\(text) at \(width)")
      // Each fits, but for a space that ends it (shown as nothing), and none is empty.
      for line in lines {
        let shown = line.hasSuffix(" ") ? line.dropLast() : line[...]
        #expect(shown.count <= 1 || columns(shown) <= width, "\(text) at \(width): \(lines)")
        #expect(!line.isEmpty || text.isEmpty, "\(text) at \(width): \(lines)")
      }
    }
  }

  /// A date carried over lines breaks after a hyphen, where a reader looks for it; a minus
  /// sign stays with its number.
  @Test func aDateBreaksAfterAHyphenAndAMinusStaysWithItsNumber() {
    #expect(DisplayWidth.lines(of: "2024-03-01", width: 9) == ["2024-03-", "01"])
    #expect(
      DisplayWidth.lines(of: "2024-03-01 00:00", width: 6) == ["2024-", "03-01 ", "00:00"])
    #expect(DisplayWidth.lines(of: "12 -3456", width: 6) == ["12 ", "-3456"])
    #expect(DisplayWidth.lines(of: "-1234567", width: 4) == ["-123", "4567"])
  }

  /// The trend column comes only where its heading fits too: at 4 columns left, a column as
  /// wide as `TREND` would take 5, one past the terminal, and the table fell to records.
  @Test(arguments: 4...7) func aTrendColumnFitsWithItsHeading(room: Int) {
    var table = TextTable(columns: [
      .init("TITLE", .text), .init("FREQUENCY"), .init("LAST READING"), .init("DUE"),
    ])
    let cells = ["Weight", "monthly gauge", "2024-01-08 00:00", "due, 1 missed"]
    table.append(cells)
    let width = DisplayWidth.of(cells.joined(separator: "  ")) + 2 + room
    table.appendSparklines([([1, 2, 3, 4, 5, 6, 7], .gauge)], width: width, glyphs: .unicode)
    let text = table.render(width: width)
    #expect(text.contains("TREND") == (room >= 5), "\(text)")
    #expect(!text.contains("RECORD"), "\(text)")
    for line in text.split(separator: "\n") {
      #expect(DisplayWidthProbe.columns(String(line)) <= width, "\(line)")
    }
  }

  @Test(arguments: 40...120) func everyLineFitsTheTerminal(width: Int) {
    for line in table().render(width: width).split(separator: "\n") {
      #expect(DisplayWidthProbe.columns(String(line)) <= width, "\(line)")
    }
  }
}

/// Terminal columns of a line of ASCII and the ellipsis, counted without tally's code.
enum DisplayWidthProbe {
  static func columns(_ line: String) -> Int { line.count }
}
