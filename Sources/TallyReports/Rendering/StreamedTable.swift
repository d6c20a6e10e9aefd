import TallyCore

/// A ``TextTable`` too long to hold, such as a listing of ten million readings: its rows are
/// given twice, in the same order, first to be measured and then to be written, so that the
/// table holds one row at a time and still lines up every column as ``TextTable`` does.
public struct StreamedTable {
  /// A line of the table, as ``TextTable``'s `append` and `appendSection` take them.
  public enum Line: Sendable {
    /// A row's cells; their control characters are written out (``VisibleText``).
    case row([String])
    /// A section title spanning the table, such as a month over its readings.
    case section(String)
  }

  private var layout: TableLayout
  private var isWriting = false

  /// A table of `columns`, laid out for `width` terminal columns (`nil`: every cell whole) as
  /// `layout` asks.
  public init(columns: [TextTable.Column], width: Int?, layout: TextTable.Layout = .fitted) {
    // One pass to measure: the rows are measured as records too, in case they are drawn so.
    self.layout = TableLayout(
      columns: columns, width: width, layout: layout, measuresRecordsAhead: true)
  }

  /// Takes the measure of `line`, in the first pass over the lines.
  public mutating func measure(_ line: Line) {
    layout.measure(Self.escaped(line))
  }

  /// Leaves out the column at `index`, between the passes.
  ///
  /// For a column whose cells were all empty in the first (see `TableLayout.dropColumn(at:)`):
  /// the second pass gives rows without it.
  public mutating func dropColumn(at index: Int) {
    layout.dropColumn(at: index)
  }

  /// `line` as text, in the second pass over the lines (the same lines, in the same order);
  /// the first call's text begins with the table's header.
  public mutating func text(of line: Line) -> String {
    var head = ""
    if !isWriting {
      isWriting = true
      head = layout.head()
    }
    return head + layout.text(of: Self.escaped(line))
  }

  /// Writes `line` as ``text(of:)`` gives it into `writer`: a row's bytes in place.
  public mutating func write(_ line: Line, to writer: inout RecordWriter) {
    if !isWriting {
      isWriting = true
      writer.append(layout.head())
    }
    layout.write(Self.escaped(line), to: &writer)
  }

  private static func escaped(_ line: Line) -> TextTable.Line {
    switch line {
    case .row(let cells): .row(cells.map(VisibleText.escaped))
    case .section(let title): .section(VisibleText.escaped(title))
    }
  }
}
