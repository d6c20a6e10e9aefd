import TallyReports
import Testing

@Suite struct TextTableTests {
  @Test func alignsColumnsAndSections() {
    var table = TextTable(columns: [.init("NAME"), .init("N", .right)])
    table.appendSection("2024-01")
    table.append(["a", "1"])
    table.append(["longer", "100"])
    table.appendRule()
    table.append(["total", "101"])
    #expect(
      table.render() == """
        NAME      N
        -----------
        2024-01
        a         1
        longer  100
        -----------
        total   101

        """)
  }

  /// The REPL dims a period's heading: tally's own codes stay codes, a note's are escaped.
  @Test func aStyledSectionKeepsItsStyleAndEscapesItsTitle() {
    var table = TextTable(columns: [.init("NAME")])
    table.appendSection("W48 \u{1B}[31m", style: { "\u{1B}[2m" + $0 + "\u{1B}[0m" })
    table.append(["a"])
    #expect(table.render().contains("\u{1B}[2mW48 \\e[31m\u{1B}[0m\n"))
  }

  @Test func wideCharactersTakeTwoColumns() {
    var table = TextTable(columns: [.init("T"), .init("N", .right)])
    table.append(["車🚗", "1"])
    table.append(["abcd", "22"])
    let lines = table.render().split(separator: "\n")
    // Both rows end in the same terminal column: 4 columns of title, 2 spaces, 2 of number.
    #expect(lines[2] == "車🚗   1")
    #expect(lines[3] == "abcd  22")
  }
}

@Suite struct TextTableFittingTests {
  func table() -> TextTable {
    var table = TextTable(columns: [
      .init("ID", .right), .init("TITLE", .text), .init("NOTE", .text),
    ])
    table.append(["1", "Mileage of the family car", "filled up on the way to the coast"])
    table.append(["2", "Spend", ""])
    return table
  }

  @Test func wideTablesAreCutToTheWidthWidestColumnsFirst() {
    let text = table().render(width: 40)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.allSatisfy { $0.count <= 40 })
    #expect(lines[2] == " 1  Mileage of the f…  filled up on the…")
  }

  @Test func narrowTablesAndNoWidthStayWhole() {
    #expect(table().render(width: 200) == table().render())
    #expect(table().render().contains("filled up on the way to the coast"))
  }

  @Test func columnsAreNotCutBelowTheirHeaderOrEightColumns() {
    // Below 40 columns the table is a list of records, each value cut to what is left.
    let lines = table().render(width: 30).split(separator: "\n").map(String.init)
    #expect(lines[0] == "-[ RECORD 1 ]" + String(repeating: "-", count: 17))
    #expect(lines[2] == "TITLE | Mileage of the family…")
  }
}

@Suite struct TableLayoutTests {
  private func table() -> TextTable {
    var table = TextTable(columns: [
      .init("ID", .right), .init("AMOUNT", .right), .init("NOTE", .text),
    ])
    table.appendSection("2024-01-15 · 2 readings")
    table.append(["#12", "42 km", "full tank"])
    table.append(["#13", "7 km", ""])
    return table
  }

  @Test func recordsAreOneFieldALineUnderARecordHeader() {
    #expect(
      table().render(width: nil, layout: .records) == """
        2024-01-15 · 2 readings
        -[ RECORD 1 ]-----
        ID     | #12
        AMOUNT | 42 km
        NOTE   | full tank
        -[ RECORD 2 ]-----
        ID     | #13
        AMOUNT | 7 km
        NOTE   |

        """)
  }

  @Test func aTableStaysATableWhenAskedEvenIfNarrow() {
    let text = table().render(width: 30, layout: .table)
    #expect(text.hasPrefix(" ID  AMOUNT  NOTE"))
    #expect(table().render(width: 30, layout: .fitted).hasPrefix("2024-01-15"))
  }
}
