import TallyCore

/// One project's chart within an SVG: title, value axis with round ticks, thinned period
/// labels, bars or a line, and the goal.
struct ChartPanel {
  let series: ChartSeries
  let frame: ChartFrame
  /// The most columns it may draw.
  let columnLimit: Int
  /// Whether it is the chart's only panel, drawn larger.
  let isLarge: Bool
  /// Whether each bar and dot carries a tooltip: not among very many small panels, where they
  /// would take most of the file.
  let hasTooltips: Bool

  /// Roughly how wide a character of the 11-pixel labels is.
  static let characterWidth = 6.6

  func draw(into svg: inout String) {
    let plotLeftGuess = frame.x + 60
    let plotWidthGuess = frame.x + frame.width - 14 - plotLeftGuess
    let columns = series.columns(limit: min(columnLimit, max(1, Int(plotWidthGuess / 2))))
    let scaled =
      columns.flatMap { [$0.low, $0.high, $0.goal] }.compactMap { $0 }
    let scale = ChartScale(scaled, tickCount: isLarge ? 6 : 4, fromZero: series.isBars)
    let tickLabels = ChartScale.labels(scale.ticks)
    let widest = tickLabels.map(\.count).max() ?? 1
    let top = frame.y + (isLarge ? 46 : 40)
    let left = frame.x + 12 + Double(widest) * Self.characterWidth
    let right = frame.x + frame.width - 14
    let bottom = frame.y + frame.height - 26
    let plot = ChartFrame(x: left, y: top, width: max(right - left, 10), height: bottom - top)
    let columnWidth = plot.width / Double(max(columns.count, 1))
    func y(_ value: Double) -> Double { plot.y + plot.height * (1 - scale.fraction(value)) }
    func x(_ column: Int) -> Double { plot.x + Double(column) * columnWidth }

    svg += "<g class=\"chart-panel\">\n"
    svg += "<title>\(SVGText.escape(Self.title(of: series)))</title>\n"
    var description = Self.describe(series)
    if let run = columns.map(\.periods).max(), run > 1 {
      let per = series.period.unitName
      description +=
        " Each \(series.isBars ? "bar" : "point") stands for a run of up to \(run) \(per)s,"
        + " from the lowest to the highest of them."
    }
    svg += "<desc>\(SVGText.escape(description))</desc>\n"
    let titleText = series.project.title
    svg +=
      "<text class=\"chart-title\" fill=\"#1f2328\" x=\"\(SVGText.number(frame.x + 12))\""
      + " y=\"\(SVGText.number(frame.y + (isLarge ? 22 : 18)))\" font-size=\"\(isLarge ? 16 : 13)\""
      + " font-weight=\"bold\">\(SVGText.escape(titleText))</text>\n"
    svg +=
      "<text class=\"chart-label chart-units\" fill=\"#57606a\""
      + " x=\"\(SVGText.number(frame.x + 12))\" y=\"\(SVGText.number(top - 10))\">"
      + "\(SVGText.escape(series.axisTitle))</text>\n"

    // Grid lines and tick labels at round numbers.
    svg += "<g class=\"chart-grid\" stroke=\"#d8dee4\" stroke-width=\"1\">\n"
    for tick in scale.ticks {
      let level = SVGText.number(y(tick))
      svg +=
        "<line x1=\"\(SVGText.number(plot.x))\" x2=\"\(SVGText.number(plot.x + plot.width))\""
        + " y1=\"\(level)\" y2=\"\(level)\"/>\n"
    }
    svg += "</g>\n<g class=\"chart-label chart-ticks\" fill=\"#57606a\" text-anchor=\"end\">\n"
    for (tick, label) in zip(scale.ticks, tickLabels) {
      svg +=
        "<text x=\"\(SVGText.number(plot.x - 6))\" y=\"\(SVGText.number(y(tick) + 4))\">"
        + "\(SVGText.escape(label))</text>\n"
    }
    svg += "</g>\n"

    if series.isBars {
      drawBars(columns, into: &svg, x: x, y: y, columnWidth: columnWidth)
      if scale.lower < 0 || scale.upper > 0 {
        let zero = SVGText.number(y(0))
        svg +=
          "<line class=\"chart-axis\" stroke=\"#6e7781\" x1=\"\(SVGText.number(plot.x))\""
          + " x2=\"\(SVGText.number(plot.x + plot.width))\" y1=\"\(zero)\" y2=\"\(zero)\"/>\n"
      }
    } else {
      drawLine(columns, into: &svg, x: x, y: y, columnWidth: columnWidth)
    }
    drawGoal(columns, into: &svg, x: x, y: y, plot: plot)
    if !series.values.contains(where: { $0 != nil }) {
      svg +=
        "<text class=\"chart-label\" fill=\"#57606a\" text-anchor=\"middle\""
        + " x=\"\(SVGText.number(plot.x + plot.width / 2))\""
        + " y=\"\(SVGText.number(plot.y + plot.height / 2))\">No readings in this range.</text>\n"
    }
    drawPeriodLabels(columns, into: &svg, plot: plot, columnWidth: columnWidth)
    svg += "</g>\n"
  }

  /// One bar per column from zero to its value; a run's bar spans its lowest to highest.
  private func drawBars(
    _ columns: [ChartColumn], into svg: inout String, x: (Int) -> Double,
    y: (Double) -> Double, columnWidth: Double
  ) {
    // Bars touch when there are many, and stay bars, not slabs, when there are few.
    let barWidth = columnWidth >= 4 ? min(columnWidth * 0.8, 48) : columnWidth
    let inset = (columnWidth - barWidth) / 2
    var positive = ""
    var negative = ""
    for (index, column) in columns.enumerated() {
      guard let low = column.low, let high = column.high else { continue }
      let tooltip = hasTooltips ? "<title>\(SVGText.escape(tooltip(column)))</title>" : ""
      let running = column.isRunning ? " class=\"chart-running\" fill-opacity=\".45\"" : ""
      let left = SVGText.number(x(index) + inset)
      let width = SVGText.number(barWidth)
      // Every bar of a run starts at zero, so a run covers zero to its extremes.
      // A period of zero keeps its (flat) bar, for its tooltip and for counting.
      if high > 0 || (high == 0 && low == 0) {
        let top = y(high)
        positive +=
          "<rect\(running) x=\"\(left)\" y=\"\(SVGText.number(top))\" width=\"\(width)\""
          + " height=\"\(SVGText.number(y(0) - top))\">\(tooltip)</rect>\n"
      }
      if low < 0 {
        let top = y(0)
        negative +=
          "<rect\(running) x=\"\(left)\" y=\"\(SVGText.number(top))\" width=\"\(width)\""
          + " height=\"\(SVGText.number(y(low) - top))\">\(tooltip)</rect>\n"
      }
    }
    svg += "<g class=\"chart-bars\" fill=\"#2f6fbd\">\n\(positive)</g>\n"
    if !negative.isEmpty {
      svg += "<g class=\"chart-bars chart-negative\" fill=\"#c4432b\">\n\(negative)</g>\n"
    }
  }

  /// A line through each column's last level, broken where periods have none; a run also
  /// draws the range of its levels behind it; few points are marked with dots.
  private func drawLine(
    _ columns: [ChartColumn], into svg: inout String, x: (Int) -> Double,
    y: (Double) -> Double, columnWidth: Double
  ) {
    var band = ""
    var path = ""
    var dots = ""
    var drawing = false
    for (index, column) in columns.enumerated() {
      let center = x(index) + columnWidth / 2
      guard let closing = column.closing, closing.isFinite else {
        drawing = false
        continue
      }
      if let low = column.low, let high = column.high, column.periods > 1, high > low {
        band +=
          "M\(SVGText.number(center)) \(SVGText.number(y(high)))V\(SVGText.number(y(low)))"
      }
      path +=
        (drawing ? "L" : "M") + SVGText.number(center) + " " + SVGText.number(y(closing))
      drawing = true
      if columns.count <= 60 {
        dots +=
          "<circle cx=\"\(SVGText.number(center))\" cy=\"\(SVGText.number(y(closing)))\""
          + " r=\"3\">"
          + (hasTooltips ? "<title>\(SVGText.escape(tooltip(column)))</title>" : "")
          + "</circle>\n"
      }
    }
    if !band.isEmpty {
      svg +=
        "<path class=\"chart-band\" stroke=\"#2f6fbd\" stroke-opacity=\".3\""
        + " stroke-width=\"\(SVGText.number(max(columnWidth, 1)))\" d=\"\(band)\"/>\n"
    }
    if !path.isEmpty {
      svg +=
        "<path class=\"chart-line\" stroke=\"#2f6fbd\" stroke-width=\"2\" fill=\"none\""
        + " stroke-linejoin=\"round\" d=\"\(path)\"/>\n"
    }
    if !dots.isEmpty { svg += "<g class=\"chart-dots\" fill=\"#2f6fbd\">\n\(dots)</g>\n" }
  }

  /// The goal of each column as a dashed step line, labelled above the plot's right end, in
  /// the line of the axis title, where no bar reaches.
  private func drawGoal(
    _ columns: [ChartColumn], into svg: inout String, x: (Int) -> Double,
    y: (Double) -> Double, plot: ChartFrame
  ) {
    var path = ""
    var previous: Double?
    var lastGoal: (amount: Double, end: Double)?
    for (index, column) in columns.enumerated() {
      guard let goal = column.goal, goal.isFinite else {
        previous = nil
        continue
      }
      let level = SVGText.number(y(goal))
      if previous == goal {
        path += "H\(SVGText.number(x(index + 1)))"
      } else {
        path +=
          (previous == nil ? "M" : "V") + (previous == nil ? "\(SVGText.number(x(index))) " : "")
          + level + "H\(SVGText.number(x(index + 1)))"
      }
      previous = goal
      lastGoal = (goal, x(index + 1))
    }
    guard let lastGoal else { return }
    svg +=
      "<path class=\"chart-goal\" stroke=\"#b35c00\" stroke-width=\"2\""
      + " stroke-dasharray=\"6 4\" fill=\"none\" d=\"\(path)\"/>\n"
    let words = series.project.goal.map { "goal, \($0.direction.words)" } ?? "goal"
    svg +=
      "<text class=\"chart-goal-label\" fill=\"#9a4f00\" stroke=\"#ffffff\" stroke-width=\"3\""
      + " paint-order=\"stroke\" text-anchor=\"end\""
      + " x=\"\(SVGText.number(plot.x + plot.width))\" y=\"\(SVGText.number(plot.y - 10))\">"
      + "\(SVGText.escape("\(words) \(number(lastGoal.amount))"))</text>\n"
  }

  /// Period labels under the plot, as many as fit without overlapping.
  private func drawPeriodLabels(
    _ columns: [ChartColumn], into svg: inout String, plot: ChartFrame, columnWidth: Double
  ) {
    let widest = columns.map(\.first.count).max() ?? 0
    let room = Double(widest) * Self.characterWidth + 10
    let every = max(1, Int((room / max(columnWidth, 0.01)).rounded(.up)))
    svg += "<g class=\"chart-label chart-periods\" fill=\"#57606a\" text-anchor=\"middle\">\n"
    for index in stride(from: 0, to: columns.count, by: every) {
      let half = Double(columns[index].first.count) * Self.characterWidth / 2
      let center = plot.x + (Double(index) + 0.5) * columnWidth
      let placed = min(max(center, frame.x + half + 2), frame.x + frame.width - half - 2)
      svg +=
        "<text x=\"\(SVGText.number(placed))\" y=\"\(SVGText.number(plot.y + plot.height + 16))\">"
        + "\(SVGText.escape(columns[index].first))</text>\n"
    }
    svg += "</g>\n"
  }

  /// `2024-03: 120 km`, `2024-03-01 to 2024-03-16: 3 to 12 km (range)`.
  private func tooltip(_ column: ChartColumn) -> String {
    let units = series.project.units.isEmpty ? "" : " " + series.project.units
    var value = ""
    if column.periods > 1, let low = column.low, let high = column.high, low != high {
      value = "\(number(low)) to \(number(high))\(units)"
    } else if let closing = column.closing {
      value = number(closing) + units
    }
    var text = "\(column.label): \(value)"
    if column.isRunning { text += " (so far)" }
    if let goal = column.goal { text += "; goal \(number(goal))" }
    return text
  }

  /// A figure as report tables show it: rounded to two decimals or the project's own, or a
  /// clock for time.
  private func number(_ value: Double) -> String {
    ReportNumber.forPeople(value, of: series.project)
  }

  /// `Car: km per month, 2024-01 to 2024-06`.
  static func title(of series: ChartSeries) -> String {
    var title = "\(series.project.title): \(series.axisTitle)"
    if let first = series.labels.first, let last = series.labels.last {
      title += first == last ? ", \(first)" : ", \(first) to \(last)"
    }
    return title
  }

  /// What the chart shows in words: its kind of chart, range, extremes and goal.
  static func describe(_ series: ChartSeries) -> String {
    let per = series.period.unitName
    let count = series.labels.count
    guard count > 0 else { return "\(series.project.title) has no readings in this range." }
    var text =
      series.isBars
      ? "Bar chart of \(series.axisTitle)" : "Line chart of \(series.axisTitle)"
    text += " over \(count) \(per)\(count == 1 ? "" : "s")"
    let known = series.values.compactMap { $0 }
    let project = series.project
    let number = { ReportNumber.forPeople($0, of: project) }
    if let low = known.min(), let high = known.max() {
      let units: String
      if let unit = project.clockUnit {
        units = " " + DurationFormat.suffix(unit)
      } else {
        units = project.units.isEmpty ? "" : " " + project.units
      }
      text +=
        low == high
        ? ", each \(number(low))\(units)"
        : ", from \(number(low)) to \(number(high))\(units)"
    } else {
      text += ", none with readings"
    }
    text += "."
    if let goal = series.project.goal {
      text += " Goal now: \(goal.description(for: series.project))"
      if series.met.judged > 0 {
        text += "; the goals were met in \(series.met.met) of \(series.met.judged) \(per)s judged"
      }
      text += "."
    }
    return text
  }
}
