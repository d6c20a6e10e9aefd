public import TallyCore

/// Writes reports for the terminal: per project a title, aligned columns, a bar that shows each
/// period's sum against the largest, and a totals row.
public enum ReportTable {
  /// The reports as text.
  ///
  /// - Parameters:
  ///   - reports: The reports.
  ///   - barWidth: How many characters the largest bar takes; 0 leaves the bars out.
  ///   - width: The terminal columns a table may take: bars shrink, then go, to fit. `nil`
  ///     does not limit it.
  /// - Returns: The text, one table per report.
  public static func render(
    _ reports: [ProjectReport], barWidth: Int = 20, width: Int? = nil
  ) -> String {
    reports.map { report in
      guard let width else { return render(report, barWidth: barWidth) }
      let bare = render(report, barWidth: 0)
      let used = bare.split(separator: "\n").dropFirst().map { DisplayWidth.of(String($0)) }.max()
      let room = width - (used ?? 0) - 2
      return room >= 4 ? render(report, barWidth: min(barWidth, room)) : bare
    }.joined(separator: "\n")
  }

  static func render(_ report: ProjectReport, barWidth: Int) -> String {
    let units = report.project.units
    var title = report.project.title + (units.isEmpty ? "" : " (\(units))")
    title += ", \(report.period.rawValue)"
    if let first = report.rows.first, let last = report.rows.last {
      title +=
        first.period.label == last.period.label
        ? ", \(first.period.label)" : ", \(first.period.label) to \(last.period.label)"
    }
    guard !report.rows.isEmpty else {
      return title + "\nNo readings in this range.\n"
    }
    var columns: [TextTable.Column] = [
      .init("PERIOD"), .init("COUNT", .right), .init("SUM", .right), .init("MIN", .right),
      .init("MAX", .right), .init("MEAN", .right),
    ]
    if barWidth > 0 { columns.append(.init("")) }
    var table = TextTable(columns: columns)
    let largest = report.rows.map { abs($0.sum) }.max() ?? 0
    for row in report.rows {
      var cells = [
        row.period.label, String(row.count), ReportNumber.rounded(row.sum),
        ReportNumber.rounded(row.min), ReportNumber.rounded(row.max),
        ReportNumber.rounded(row.mean),
      ]
      if barWidth > 0 { cells.append(bar(abs(row.sum), of: largest, width: barWidth)) }
      table.append(cells)
    }
    table.appendRule()
    let total = report.total
    table.append([
      "total", String(total.count), ReportNumber.rounded(total.sum),
      ReportNumber.rounded(total.min), ReportNumber.rounded(total.max),
      ReportNumber.rounded(total.count > 0 ? total.sum / Double(total.count) : nil),
    ])
    return title + "\n" + table.render()
  }

  /// A bar of `value` against `largest`, in eighths of a character.
  static func bar(_ value: Double, of largest: Double, width: Int) -> String {
    guard largest > 0, largest.isFinite, value.isFinite else { return "" }
    let eighths = Int((value / largest * Double(width * 8)).rounded())
    let blocks = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    return String(repeating: "█", count: eighths / 8) + blocks[eighths % 8]
  }
}
