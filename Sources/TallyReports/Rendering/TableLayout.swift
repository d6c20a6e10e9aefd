import TallyCore

/// How a ``TextTable``'s lines are laid out: measured first (every line once), then written
/// (every line again, in the same order), so that a table too long to hold is measured in one
/// pass over its rows and written in the next, as ``StreamedTable`` does.
struct TableLayout {
  private(set) var columns: [TextTable.Column]
  let width: Int?
  let layout: TextTable.Layout
  /// Each column's width with every cell whole, from the header and the lines measured.
  private var natural: [Int]
  /// The widest line of the rows drawn as records (`label | value`), when they may be.
  private var widestRecord: Int
  private var labels: [String]
  private var labelWidth: Int
  /// Records' values are cut to this many columns (`nil`: whole).
  private var valueWidth: Int?
  /// Whether ``measure(_:)`` also measures the rows as records, which only a table that cannot
  /// go over its lines again needs before it knows whether it draws them.
  private let measuresRecordsAhead: Bool
  private var plan: Plan?
  private var recordNumber = 0

  private enum Plan {
    case table(widths: [Int], totalWidth: Int)
    case records
  }

  init(
    columns: [TextTable.Column], width: Int?, layout: TextTable.Layout,
    measuresRecordsAhead: Bool
  ) {
    self.columns = columns
    self.width = width
    self.layout = layout
    natural = columns.map { DisplayWidth.of($0.header) }
    labels = columns.enumerated().map { index, column in
      column.header.isEmpty ? "#\(index + 1)" : column.header
    }
    labelWidth = labels.map(DisplayWidth.of).max() ?? 0
    valueWidth = width.map { [labelWidth] in max(1, $0 - labelWidth - 3) }
    widestRecord = labelWidth + 2
    // Records are drawn when asked for, or on a terminal too narrow.
    self.measuresRecordsAhead =
      measuresRecordsAhead && (layout == .records || (layout == .fitted && width != nil))
  }

  /// Takes the measure of `line` (before any is written).
  mutating func measure(_ line: TextTable.Line) {
    guard case .row(let cells) = line else { return }
    if layout != .records {
      for (index, cell) in cells.prefix(columns.count).enumerated() {
        natural[index] = max(natural[index], DisplayWidth.of(cell))
      }
    }
    if measuresRecordsAhead { measureRecord(line) }
  }

  /// Leaves out the column at `index`, once the lines are measured and before any is written:
  /// one whose cells were all empty, as a column shown only when some line fills it.
  ///
  /// The records measured keep their width: the column's line in them was its label alone,
  /// never their widest unless its label is the longest, which a caller's columns rule out.
  mutating func dropColumn(at index: Int) {
    guard plan == nil, columns.indices.contains(index) else { return }
    columns.remove(at: index)
    natural.remove(at: index)
    labels.remove(at: index)
    labelWidth = labels.map(DisplayWidth.of).max() ?? 0
    valueWidth = width.map { [labelWidth] in max(1, $0 - labelWidth - 3) }
  }

  /// Takes the measure of `line` drawn as a record (before any is written).
  mutating func measureRecord(_ line: TextTable.Line) {
    guard case .row(let cells) = line else { return }
    for index in labels.indices {
      let value = index < cells.count ? cells[index] : ""
      widestRecord = max(widestRecord, recordWidth(of: value, at: index))
    }
  }

  /// The widest line of `value`'s field in a record, as ``fields(_:)`` draws it.
  ///
  /// A value of printable ASCII that fits and does not end in a space (most of a listing's)
  /// is its label's column, ` | ` and its bytes, with no line drawn to find that out.
  private func recordWidth(of value: String, at index: Int) -> Int {
    let utf8 = value.utf8
    if utf8.isEmpty { return DisplayWidth.of(labels[index]) }
    if utf8.count <= (valueWidth ?? Int.max), utf8.last != UInt8(ascii: " "),
      utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
    {
      return labelWidth + 3 + utf8.count
    }
    return field(value, at: index).map(DisplayWidth.of).max() ?? 0
  }

  /// Whether the measured lines are drawn as records.
  var drawsRecords: Bool {
    if layout == .records { return true }
    guard layout == .fitted, let width else { return false }
    let widths = fitted(natural, into: width)
    return width < TextTable.narrowest || widths.reduce(0, +) + 2 * max(0, widths.count - 1) > width
  }

  /// The table's head (its header and the rule under it; nothing for records), once the
  /// lines are measured: the layout is decided here.
  mutating func head() -> String {
    if drawsRecords {
      plan = .records
      return ""
    }
    let widths = width.map { fitted(natural, into: $0) } ?? natural
    let totalWidth = widths.reduce(0, +) + 2 * max(0, widths.count - 1)
    plan = .table(widths: widths, totalWidth: totalWidth)
    return format(columns.map(\.header), widths: widths)
      + String(repeating: "-", count: totalWidth) + "\n"
  }

  /// `line` as text, after ``head()``.
  mutating func text(of line: TextTable.Line) -> String {
    switch (plan ?? .records, line) {
    case (.table(let widths, _), .row(let cells)):
      return format(cells, widths: widths)
    case (.records, .row(let cells)):
      recordNumber += 1
      let head = "-[ RECORD \(recordNumber) ]"
      let ruleWidth = min(width ?? widestRecord, max(widestRecord, head.count + 1))
      return head + String(repeating: "-", count: max(1, ruleWidth - head.count)) + "\n"
        + fields(cells).map { $0 + "\n" }.joined()
    case (_, .section(let title)):
      // A section's title holds figures (a day's readings and sum): wrapped at its spaces
      // where it is wider than the terminal, never cut; only a terminal too narrow for
      // anything cuts it.
      guard let width else { return title + "\n" }
      return
        (width >= 10 ? TextWrap.wrap(title, width: width) : DisplayWidth.truncate(title, to: width))
        + "\n"
    case (.table(_, let totalWidth), .rule):
      return String(repeating: "-", count: totalWidth) + "\n"
    case (.records, .rule):
      return ""
    }
  }

  /// A row as records' lines, `label | value`: a text cut to fit, a figure or a time never,
  /// but carried on over the lines under it (with no label) where it is wider.
  private func fields(_ cells: [String]) -> [String] {
    labels.indices.flatMap { index in field(index < cells.count ? cells[index] : "", at: index) }
  }

  /// The lines of the field of column `index` holding `value`, in a record.
  private func field(_ value: String, at index: Int) -> [String] {
    let label = labels[index]
    let pieces =
      switch (valueWidth, columns[index].alignment) {
      case (nil, _): [value]
      case (let width?, .text): [DisplayWidth.truncate(value, to: width)]
      case (let width?, _): DisplayWidth.lines(of: value, width: width)
      }
    let padding = String(repeating: " ", count: labelWidth - DisplayWidth.of(label))
    return pieces.enumerated().map { number, piece in
      var row =
        (number == 0 ? label + padding : String(repeating: " ", count: labelWidth))
        + " | " + piece
      while row.last == " " { row.removeLast() }
      return row
    }
  }

  /// Writes `line` as ``text(of:)`` gives it, after ``head()``: a table's row straight into
  /// `writer`, each cell's bytes and its padding, with no string made for the line.
  mutating func write(_ line: TextTable.Line, to writer: inout RecordWriter) {
    guard case .table(let widths, _) = plan ?? .records, case .row(let cells) = line else {
      writer.append(text(of: line))
      return
    }
    write(cells, widths: widths, to: &writer)
  }

  /// A row's cells in their columns, each cut to its width (its display width measured once
  /// when it fits), written into `writer` with its padding and its line's end.
  private func write(_ cells: [String], widths: [Int], to writer: inout RecordWriter) {
    // Spaces are written only once something follows them: a line ends without any.
    var spaces = 0
    func put(_ cell: String) {
      let content = cell.utf8.reversed().drop { $0 == UInt8(ascii: " ") }
      guard !content.isEmpty else {
        spaces += cell.utf8.count
        return
      }
      writer.spaces(spaces)
      spaces = cell.utf8.count - content.count
      writer.append(cell.utf8.prefix(cell.utf8.count - spaces))
    }
    for (index, column) in columns.enumerated() {
      var cell = index < cells.count ? cells[index] : ""
      var cellWidth = DisplayWidth.of(cell)
      if cellWidth > widths[index] {
        cell = DisplayWidth.truncate(cell, to: widths[index])
        cellWidth = DisplayWidth.of(cell)
      }
      let padding = max(0, widths[index] - cellWidth)
      if index > 0 { spaces += 2 }
      switch column.alignment {
      case .left, .text:
        put(cell)
        spaces += padding
      case .right:
        spaces += padding
        put(cell)
      }
    }
    writer.append("\n")
  }

  /// Column widths that fit `width`, narrowing the widest text columns first.
  private func fitted(_ natural: [Int], into width: Int) -> [Int] {
    var widths = natural
    var excess = widths.reduce(0, +) + 2 * max(0, widths.count - 1) - width
    while excess > 0 {
      let candidates = columns.indices.filter { index in
        columns[index].alignment == .text
          && widths[index] > max(8, DisplayWidth.of(columns[index].header))
      }
      guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
      let floor = max(8, DisplayWidth.of(columns[widest].header))
      let secondWidest = candidates.filter { $0 != widest }.map { widths[$0] }.max() ?? floor
      let cut = min(excess, widths[widest] - max(floor, secondWidest - 1))
      widths[widest] -= max(1, cut)
      excess -= max(1, cut)
    }
    return widths
  }

  /// A row's cells in their columns, as ``write(_:widths:to:)`` writes them.
  private func format(_ cells: [String], widths: [Int]) -> String {
    var writer = RecordWriter()
    write(cells, widths: widths, to: &writer)
    return writer.text
  }
}
