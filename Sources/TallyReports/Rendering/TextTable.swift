import TallyCore

/// A table for the terminal: a header, rows in aligned columns, and section lines between
/// groups of rows.
public struct TextTable: Sendable {
  /// How a column's cells line up.
  public enum Alignment: Sendable {
    /// Figures, times and labels: on the left, never cut.
    case left
    /// Numbers: on the right, never cut.
    case right
    /// Titles, units and notes: on the left, cut short with an ellipsis to fit the terminal.
    case text
  }

  /// A column: its header and alignment.
  public struct Column: Sendable {
    public var header: String
    public var alignment: Alignment

    /// Creates a column.
    public init(_ header: String, _ alignment: Alignment = .left) {
      self.header = VisibleText.escaped(header)
      self.alignment = alignment
    }
  }

  /// A line of the table, its text escaped.
  enum Line: Sendable {
    case row([String])
    case section(String)
    case rule
  }

  /// The columns, left to right.
  public private(set) var columns: [Column]
  private var lines: [Line] = []

  /// Creates an empty table.
  public init(columns: [Column]) {
    self.columns = columns
  }

  /// Adds a row; missing cells are empty and extra ones are dropped.
  ///
  /// A cell is shown on one line, its control characters written out (``VisibleText``): a
  /// note's line break or escape sequence neither breaks the table nor steers the terminal.
  public mutating func append(_ cells: [String]) {
    lines.append(.row(cells.map(VisibleText.escaped)))
  }

  /// Adds a section title spanning the table, such as a month over its readings.
  ///
  /// - Parameters:
  ///   - title: The heading; control characters in it are shown as escapes.
  ///   - style: How the escaped heading is drawn (dim, say): the terminal codes it adds are
  ///     tally's own, and kept.
  public mutating func appendSection(_ title: String, style: (String) -> String = { $0 }) {
    lines.append(.section(style(VisibleText.escaped(title))))
  }

  /// Adds a horizontal rule, such as before a totals row.
  public mutating func appendRule() {
    lines.append(.rule)
  }

  /// Adds a column at the right, its cells in the order of the rows.
  public mutating func appendColumn(_ column: Column, cells: [String]) {
    columns.append(column)
    var next = cells.makeIterator()
    for (index, line) in lines.enumerated() {
      guard case .row(var row) = line else { continue }
      row += Array(repeating: "", count: max(0, columns.count - 1 - row.count))
      row.append(VisibleText.escaped(next.next() ?? ""))
      lines[index] = .row(row)
    }
  }

  /// How wide the table is with every cell whole.
  public var naturalWidth: Int {
    var widths = columns.map { DisplayWidth.of($0.header) }
    for case .row(let cells) in lines {
      for (index, cell) in cells.prefix(columns.count).enumerated() {
        widths[index] = max(widths[index], DisplayWidth.of(cell))
      }
    }
    return widths.reduce(0, +) + 2 * max(0, widths.count - 1)
  }

  /// Whether the table has no rows.
  public var isEmpty: Bool { lines.isEmpty }

  /// The narrowest terminal a table is drawn for in columns; below it, each row is a record
  /// of one field a line (as `psql`'s `\x` draws them).
  public static let narrowest = 40

  /// The table as text, one line per row, each ending in a newline.
  ///
  /// - Parameter width: The terminal columns the table may take; when its rows are wider, the
  ///   widest text columns (titles, units, notes) are cut short with an ellipsis, never
  ///   narrower than their header or 8 columns, and figures never. When that is not enough, or
  ///   the terminal is narrower than ``narrowest``, each row becomes a record of one field a
  ///   line. `nil` keeps every cell whole.
  /// - Returns: The lines of the table.
  public func render(width: Int? = nil) -> String {
    render(width: width, layout: .fitted)
  }

  /// How a table is laid out.
  public enum Layout: Sendable {
    /// A table while it fits (text columns cut first), else records: ``render(width:)``.
    case fitted
    /// Always a table, its text columns cut to fit as far as they go.
    case table
    /// Always records: one field a line per row, under a `-[ RECORD 1 ]-` header.
    case records
  }

  /// The table as text laid out as `layout` asks.
  ///
  /// - Parameters:
  ///   - width: The terminal columns the table may take; `nil` keeps every cell whole.
  ///   - layout: A table, records, or whichever fits (``render(width:)``).
  /// - Returns: The lines of the table.
  public func render(width: Int?, layout: Layout) -> String {
    // The lines are at hand: they are measured as records only when drawn so.
    var table = TableLayout(
      columns: columns, width: width, layout: layout, measuresRecordsAhead: false)
    for line in lines { table.measure(line) }
    if table.drawsRecords {
      for line in lines { table.measureRecord(line) }
    }
    var text = table.head()
    for line in lines { text += table.text(of: line) }
    return text
  }
}
