import TallyReports
import Testing

/// A table written in two passes (measured, then written, one line at a time) is the table
/// drawn whole: the same columns, cuts and records, whatever the terminal's width.
@Suite struct StreamedTableTests {
  @Test func twoPassesDrawTheTableDrawnWhole() {
    var random = Xorshift(state: 0x5DEE_CE66_D1CE_4E5B)
    func next(_ bound: Int) -> Int { random.next(bound) }
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
      var inPlace = streamed
      let text = lines.map { streamed.text(of: $0) }.joined()
      let expected = whole.render(width: width, layout: layout)
      // A table without lines has its header drawn whole, and none streamed (nothing to list).
      #expect(text == (lines.isEmpty ? "" : expected), "\(width as Any) \(layout) \(lines)")
      // Written in place, byte by byte, it is the same text.
      var writer = RecordWriter()
      for line in lines { inPlace.write(line, to: &writer) }
      #expect(writer.text == text, "\(width as Any) \(layout) \(lines)")
    }
  }

  /// A record's rule reaches as far as the widest line of any record, or its own label and a
  /// dash, and never past the terminal: counted here on ASCII text, one column a character.
  @Test func aRecordsRuleIsAsWideAsTheWidestRecordLine() {
    var random = Xorshift(state: 0x1234_5678_9ABC_DEF1)
    func next(_ bound: Int) -> Int { random.next(bound) }
    let pieces = ["a", "word", " ", "2024-03-01", "-12.5", "x y z", ""]
    func cell() -> String { (0..<next(8)).map { _ in pieces[next(pieces.count)] }.joined() }
    for _ in 0..<300 {
      let columns: [TextTable.Column] = [
        .init("ID", .right), .init("TIME"), .init("NOTE", .text),
      ]
      let rows = (0..<(1 + next(6))).map { _ in (0..<3).map { _ in cell() } }
      let width = [nil, 12, 20, 33, 60][next(5)]
      var table = StreamedTable(columns: columns, width: width, layout: .records)
      for row in rows { table.measure(.row(row)) }
      let text = rows.map { table.text(of: .row($0)) }.joined()
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      let rules = lines.filter { $0.hasPrefix("-[ RECORD ") }
      let widest = lines.filter { !$0.hasPrefix("-[ RECORD ") }.map(\.count).max() ?? 0
      #expect(rules.count == rows.count)
      for (number, rule) in rules.enumerated() {
        let head = "-[ RECORD \(number + 1) ]".count
        let expected = max(head + 1, min(width ?? Int.max, max(widest, head + 1)))
        #expect(rule.count == expected, "\(rule) at \(width as Any): \(text)")
      }
    }
  }
}

/// Numbers below a bound from a seed, the same every run (xorshift*).
struct Xorshift {
  var state: UInt64

  mutating func next(_ bound: Int) -> Int {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return Int((state &* 0x2545_F491_4F6C_DD1D) % UInt64(bound))
  }
}
