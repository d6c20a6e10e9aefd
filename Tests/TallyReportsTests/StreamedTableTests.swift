import TallyReports
import Testing

/// A table written in two passes (measured, then written, one line at a time) is the table
/// drawn whole: the same columns, cuts and records, whatever the terminal's width.
@Suite struct StreamedTableTests {
  @Test func twoPassesDrawTheTableDrawnWhole() {
    var state: UInt64 = 0x5DEE_CE66_D1CE_4E5B
    func next(_ bound: Int) -> Int {
      state ^= state >> 12
      state ^= state << 25
      state ^= state >> 27
      return Int((state &* 0x2545_F491_4F6C_DD1D) % UInt64(bound))
    }
    let pieces = ["a", "word", "😀", "日本", "e\u{301}", "\u{1B}[31m", "\n", " ", "1234567890", ""]
    func cell() -> String { (0..<next(6)).map { _ in pieces[next(pieces.count)] }.joined() }
    for _ in 0..<300 {
      let columns: [TextTable.Column] = [
        .init("ID", .right), .init("TIME"), .init(next(2) == 0 ? "" : "AMOUNT", .right),
        .init("NOTE", .text), .init("MORE", .text),
      ].prefix(2 + next(4)).map { $0 }
      var lines: [StreamedTable.Line] = []
      for _ in 0..<next(12) {
        lines.append(
          next(5) == 0 ? .section(cell()) : .row((0..<next(columns.count + 2)).map { _ in cell() }))
      }
      let width = [nil, 20, 39, 40, 52, 80, 200][next(7)]
      let layout = [TextTable.Layout.fitted, .table, .records][next(3)]
      var whole = TextTable(columns: columns)
      for line in lines {
        switch line {
        case .row(let cells): whole.append(cells)
        case .section(let title): whole.appendSection(title)
        }
      }
      var streamed = StreamedTable(columns: columns, width: width, layout: layout)
      for line in lines { streamed.measure(line) }
      let text = lines.map { streamed.text(of: $0) }.joined()
      let expected = whole.render(width: width, layout: layout)
      // A table without lines has its header drawn whole, and none streamed (nothing to list).
      #expect(text == (lines.isEmpty ? "" : expected), "\(width as Any) \(layout) \(lines)")
    }
  }
}
