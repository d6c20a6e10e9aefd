public import TallyCore

/// Draws reports as one SVG chart: bars for sums and meter usage, a line for a gauge's
/// levels, the goal as a dashed line, and several projects as small multiples, each on its
/// own scale.
///
/// The chart reads in light and dark (`prefers-color-scheme`), says what it shows in its
/// `<title>` and `<desc>`, and stays small: periods too many to draw one by one at its width
/// are drawn as runs, each showing the range its periods would.
public struct SVGChart: Sendable {
  /// The chart's width in pixels; its height follows from how many projects it holds.
  public var width: Double
  /// What element ids start with: unique for each chart of one page.
  public var id: String
  /// Whether the chart carries its stylesheet, as a file must; a page of several charts
  /// gives them ``stylesheet`` once instead.
  public var includesStylesheet: Bool

  /// The most bar or point elements a chart draws in all: what keeps 500 projects' charts
  /// in one file of a few hundred kilobytes.
  static let columnBudget = 12_000

  /// The most panels whose bars and dots carry tooltips.
  static let tooltipPanels = 50

  /// Describes a chart.
  public init(width: Double = 800, id: String = "chart", includesStylesheet: Bool = true) {
    self.width = width
    self.id = id
    self.includesStylesheet = includesStylesheet
  }

  /// The chart of `reports`.
  public func render(_ reports: [ProjectReport]) -> String {
    render(reports.map(ChartSeries.init))
  }

  /// The chart of `series`: one panel, or a grid of small ones.
  public func render(_ series: [ChartSeries]) -> String {
    let perRow = series.count <= 1 ? 1 : series.count <= 8 ? 2 : 3
    let panelWidth = width / Double(perRow)
    let panelHeight: Double = series.count <= 1 ? 360 : series.count <= 8 ? 240 : 200
    let rows = max(1, (series.count + perRow - 1) / perRow)
    let height = series.isEmpty ? 120 : Double(rows) * panelHeight
    let limit = max(12, Self.columnBudget / max(series.count, 1))
    let (title, description) = Self.summary(of: series)

    var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGText.number(width))\""
    svg += " height=\"\(SVGText.number(height))\""
    svg += " viewBox=\"0 0 \(SVGText.number(width)) \(SVGText.number(height))\""
    svg += " role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" class=\"tally-chart\""
    svg += " font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"11\">\n"
    svg += "<title id=\"\(id)-title\">\(SVGText.escape(title))</title>\n"
    svg += "<desc id=\"\(id)-desc\">\(SVGText.escape(description))</desc>\n"
    if includesStylesheet { svg += "<style>\(Self.stylesheet)</style>\n" }
    svg += "<rect class=\"chart-bg\" fill=\"#ffffff\" width=\"100%\" height=\"100%\"/>\n"
    if series.isEmpty {
      svg +=
        "<text class=\"chart-label\" fill=\"#57606a\" x=\"\(SVGText.number(width / 2))\""
        + " y=\"64\" text-anchor=\"middle\">No readings in this range.</text>\n"
    }
    for (index, one) in series.enumerated() {
      let frame = ChartFrame(
        x: Double(index % perRow) * panelWidth, y: Double(index / perRow) * panelHeight,
        width: panelWidth, height: panelHeight)
      ChartPanel(
        series: one, frame: frame, columnLimit: limit, isLarge: series.count == 1,
        hasTooltips: series.count <= Self.tooltipPanels
      )
      .draw(into: &svg)
    }
    return svg + "</svg>\n"
  }

  /// The chart's title and description: what a screen reader says of it.
  static func summary(of series: [ChartSeries]) -> (String, String) {
    guard let only = series.first else { return ("Report", "No readings in this range.") }
    guard series.count > 1 else { return (ChartPanel.title(of: only), ChartPanel.describe(only)) }
    let titles = series.prefix(10).map(\.project.title).joined(separator: ", ")
    let more = series.count > 10 ? " and \(series.count - 10) more" : ""
    return (
      "Report of \(series.count) projects",
      "One small chart per project, each on its own scale: \(titles)\(more)."
    )
  }

  /// The chart's colours for light and dark: in each chart that stands alone, once in a page.
  public static let stylesheet = """
    .tally-chart .chart-bg{fill:#ffffff}.tally-chart .chart-title{fill:#1f2328}\
    .tally-chart .chart-label{fill:#57606a}.tally-chart .chart-grid{stroke:#d8dee4}\
    .tally-chart .chart-axis{stroke:#6e7781}.tally-chart .chart-bars{fill:#2f6fbd}\
    .tally-chart .chart-negative{fill:#c4432b}.tally-chart .chart-running{fill-opacity:.45}\
    .tally-chart .chart-line{stroke:#2f6fbd}.tally-chart .chart-dots{fill:#2f6fbd}\
    .tally-chart .chart-band{stroke:#2f6fbd}.tally-chart .chart-goal{stroke:#b35c00}\
    .tally-chart .chart-goal-label{fill:#9a4f00;stroke:#ffffff}\
    @media (prefers-color-scheme:dark){.tally-chart .chart-bg{fill:#0d1117}\
    .tally-chart .chart-title{fill:#e6edf3}.tally-chart .chart-label{fill:#9198a1}\
    .tally-chart .chart-grid{stroke:#30363d}.tally-chart .chart-axis{stroke:#8b949e}\
    .tally-chart .chart-bars{fill:#58a6ff}.tally-chart .chart-negative{fill:#f0883e}\
    .tally-chart .chart-line{stroke:#58a6ff}.tally-chart .chart-dots{fill:#58a6ff}\
    .tally-chart .chart-band{stroke:#58a6ff}.tally-chart .chart-goal{stroke:#e3b341}\
    .tally-chart .chart-goal-label{fill:#e3b341;stroke:#0d1117}}
    """
}

/// Where a panel lies in its chart.
struct ChartFrame {
  var x: Double
  var y: Double
  var width: Double
  var height: Double
}
