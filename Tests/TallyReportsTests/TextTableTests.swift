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
