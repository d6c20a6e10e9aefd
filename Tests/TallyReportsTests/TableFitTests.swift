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
    #expect(text.contains("TIME   | 2024-01-15 08:30\n") || width < 25)
    #expect(text.contains("AMOUNT | 1234567.5\n"))
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
