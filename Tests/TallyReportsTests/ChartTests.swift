import Foundation
import TallyCore
import TestSupport
import Testing

@testable import TallyReports

/// Reports of `values`, one a period; `nil` is a period without readings.
func chartReport(
  _ values: [Double?], kind: ProjectKind = .total, title: String = "Run", units: String = "km",
  period: ReportPeriod = .monthly, goal: Double? = nil, running: Bool = false
) -> ProjectReport {
  let goalValue = goal.map { Goal(amount: $0, per: period, direction: .atLeast) }
  var project = Project(
    id: ProjectID(rawValue: 1), title: title, units: units, frequency: period,
    createdAt: Timestamp(secondsSince1970: 0), updatedAt: Timestamp(secondsSince1970: 0))
  project.kind = kind
  if let goalValue {
    project.goals = [GoalSetting(since: Timestamp(secondsSince1970: 0), goal: goalValue)]
  }
  let day: Int64 = 86_400
  let rows = values.enumerated().map { index, value in
    let start = Timestamp(secondsSince1970: Int64(index) * day)
    var row = PeriodSummary(
      period: Period(
        label: "P\(index + 1)", start: start,
        end: Timestamp(secondsSince1970: Int64(index + 1) * day)),
      count: value == nil ? 0 : 1, sum: value ?? 0, min: value, max: value, first: value,
      last: value, usage: kind == .meter ? value : nil, goal: goalValue,
      isRunning: running && index == values.count - 1)
    if kind == .meter, value != nil { row.coveredDays = 1 }
    return row
  }
  return ProjectReport(project: project, period: period, rows: rows)
}

@Suite struct SVGChartTests {
  func chart(_ reports: [ProjectReport]) throws -> XMLTree {
    try XMLTree.parse(SVGChart().render(reports))
  }

  @Test func aTotalDrawsABarPerPeriodWithItsValueAndTheGoalLine() throws {
    let svg = try chart([chartReport([10, 25, 0, 40, 5, 30], goal: 20)])
    #expect(svg.name == "svg")
    let bars = svg.elements(classed: "chart-bars").flatMap { $0.elements("rect") }
    #expect(bars.count == 6)
    #expect(bars.map { $0.elements("title").first?.text ?? "" }.first == "P1: 10 km; goal 20")
    // Taller bars for larger sums; the zero period's bar is flat.
    let heights = bars.map { Double($0.attributes["height"] ?? "") ?? -1 }
    #expect(heights[3] > heights[1] && heights[1] > heights[0] && heights[2] == 0)
    let goal = svg.elements(classed: "chart-goal")
    #expect(goal.count == 1)
    #expect(goal.first?.attributes["d"]?.hasPrefix("M") == true)
    #expect(svg.elements(classed: "chart-goal-label").first?.text == "goal, at least 20")
    let periods = svg.elements(classed: "chart-periods").flatMap { $0.elements("text") }.map(\.text)
    #expect(periods == ["P1", "P2", "P3", "P4", "P5", "P6"])
    #expect(svg.elements(classed: "chart-units").first?.text == "km per month")
    #expect(svg.elements(classed: "chart-line").isEmpty)
  }

  @Test func titleAndDescriptionSayWhatItShows() throws {
    let svg = try chart([chartReport([10, 40], goal: 20)])
    let labelled = svg.attributes["aria-labelledby"]?.split(separator: " ").map(String.init)
    #expect(labelled == ["chart-title", "chart-desc"])
    #expect(svg.attributes["role"] == "img")
    let title = try #require(svg.children.first { $0.name == "title" })
    #expect(title.text == "Run: km per month, P1 to P2")
    let desc = try #require(svg.children.first { $0.name == "desc" })
    #expect(desc.text.contains("Bar chart of km per month over 2 months, from 10 to 40 km."))
    #expect(
      desc.text.contains(
        "Goal now: at least 20 km per month; the goals were met in 1 of 2 months judged."))
  }

  @Test func ticksAreRoundNumbersAndCoverTheValues() throws {
    let svg = try chart([chartReport([3, 17.5, 42.25])])
    let ticks = svg.elements(classed: "chart-ticks").flatMap { $0.elements("text") }
      .compactMap { Double($0.text) }
    #expect(ticks.first == 0)
    #expect((ticks.last ?? 0) >= 42.25)
    let step = ticks[1] - ticks[0]
    let mantissa = step / pow(10, log10(step).rounded(.down))
    #expect([1, 2, 2.5, 5].contains { abs($0 - mantissa) < 1e-9 })
    for (lower, upper) in zip(ticks, ticks.dropFirst()) {
      #expect(abs(upper - lower - step) < 1e-9)
    }
  }

  @Test func oneAxisUsesOneNotation() throws {
    let svg = try chart([chartReport([4_000, 12_000, 7_300], goal: 9_000)])
    let ticks = svg.elements(classed: "chart-ticks").flatMap { $0.elements("text") }.map(\.text)
    #expect(ticks == ["0", "2.5k", "5k", "7.5k", "10k", "12.5k"], "\(ticks)")
    // The goal's label sits above the plot, higher than any bar's top.
    let label = try #require(svg.elements(classed: "chart-goal-label").first)
    let labelY = Double(label.attributes["y"] ?? "") ?? .infinity
    let tops = svg.elements(classed: "chart-bars").flatMap { $0.elements("rect") }
      .compactMap { Double($0.attributes["y"] ?? "") }
    #expect(!tops.isEmpty && tops.allSatisfy { labelY < $0 }, "\(labelY) \(tops)")
  }

  @Test func aGaugeDrawsALineAndNoBars() throws {
    let svg = try chart([chartReport([81.2, nil, 80.4, 79.9], kind: .gauge, units: "kg")])
    #expect(svg.elements(classed: "chart-bars").isEmpty)
    let line = try #require(svg.elements(classed: "chart-line").first?.attributes["d"])
    // The period without a reading breaks the line: two pieces.
    #expect(line.filter { $0 == "M" }.count == 2)
    #expect(svg.elements(classed: "chart-dots").flatMap { $0.elements("circle") }.count == 3)
    #expect(svg.elements(classed: "chart-units").first?.text == "kg, last reading per month")
    // A gauge's axis hugs its levels instead of starting at zero.
    let ticks = svg.elements(classed: "chart-ticks").flatMap { $0.elements("text") }
      .compactMap { Double($0.text) }
    #expect((ticks.first ?? 0) > 70)
  }

  @Test func onePeriodDrawsOneBar() throws {
    let svg = try chart([chartReport([12])])
    #expect(svg.elements(classed: "chart-bars").flatMap { $0.elements("rect") }.count == 1)
    let single = try chart([chartReport([70], kind: .gauge)])
    #expect(single.elements(classed: "chart-dots").flatMap { $0.elements("circle") }.count == 1)
  }

  @Test func allZerosDrawFlatBarsOnAnAxisFromZeroToOne() throws {
    let svg = try chart([chartReport([0, 0, 0])])
    let bars = svg.elements(classed: "chart-bars").flatMap { $0.elements("rect") }
    #expect(bars.count == 3)
    #expect(bars.allSatisfy { $0.attributes["height"] == "0" })
    let ticks = svg.elements(classed: "chart-ticks").flatMap { $0.elements("text") }.map(\.text)
    #expect(ticks.first == "0" && ticks.last == "1")
  }

  @Test func negativeValuesDrawBelowTheAxis() throws {
    let svg = try chart([chartReport([-5, -20, -12.5])])
    let negative = svg.elements(classed: "chart-negative").flatMap { $0.elements("rect") }
    #expect(negative.count == 3)
    let axis = try #require(svg.elements(classed: "chart-axis").first)
    let zero = Double(axis.attributes["y1"] ?? "") ?? 0
    // Each bar hangs from the axis.
    #expect(negative.allSatisfy { Double($0.attributes["y"] ?? "") == zero })
    let ticks = svg.elements(classed: "chart-ticks").flatMap { $0.elements("text") }
      .compactMap { Double($0.text) }
    #expect(ticks.last == 0 && (ticks.first ?? 0) <= -20)
  }

  @Test(arguments: [[1e300, 1.7e308, 5e307], [1e-300, 3e-300, 2e-299], [-1.7e308, 1.7e308]])
  func hugeAndTinyValuesStayFiniteAndParse(values: [Double]) throws {
    let text = SVGChart().render([chartReport(values)])
    let svg = try XMLTree.parse(text)
    #expect(svg.elements(classed: "chart-bars").flatMap { $0.elements("rect") }.count >= 2)
    for element in svg.all {
      for key in ["x", "y", "width", "height", "x1", "y1"] {
        if let value = element.attributes[key], !value.hasSuffix("%") {
          #expect(Double(value)?.isFinite == true)
        }
      }
    }
    #expect(!text.contains("nan") && !text.contains("inf"))
  }

  @Test func titlesAreEscaped() throws {
    let title = #"<&"> 'fuel'"#
    let text = SVGChart().render([chartReport([1, 2], title: title, units: "<u>")])
    let svg = try XMLTree.parse(text)
    #expect(svg.elements(classed: "chart-title").first?.text == title)
    #expect(svg.children.first { $0.name == "title" }?.text.hasPrefix(title) == true)
    #expect(!text.contains("<&"))
  }

  @Test func severalProjectsAreSmallMultiplesEvenFiveHundred() throws {
    let reports = (1...500).map { index in
      chartReport((0..<24).map { Double(($0 * index) % 37) }, title: "Project \(index)")
    }
    let text = SVGChart().render(reports)
    #expect(text.utf8.count < 2_000_000)
    let svg = try XMLTree.parse(text)
    let panels = svg.elements(classed: "chart-panel")
    #expect(panels.count == 500)
    #expect(panels[499].elements(classed: "chart-title").first?.text == "Project 500")
    // Each panel has its own scale and bars; three to a row.
    #expect(panels.allSatisfy { !$0.elements("rect").isEmpty })
    let title = svg.children.first { $0.name == "title" }?.text
    #expect(title == "Report of 500 projects")
  }

  @Test func tenThousandDailyPeriodsAreDrawnAsRunsAndStaySmall() throws {
    let values = (0..<10_000).map { Double($0 % 97) }
    let text = SVGChart().render([chartReport(values, period: .daily)])
    #expect(text.utf8.count < 2_000_000)
    let svg = try XMLTree.parse(text)
    let bars = svg.elements(classed: "chart-bars").flatMap { $0.elements("rect") }
    #expect(bars.count <= 400)
    #expect(bars.count >= 100)
    // A run's bar spans its periods' range, and says so.
    #expect(bars[0].elements("title").first?.text.contains(" to ") == true)
    let labels = svg.elements(classed: "chart-periods").flatMap { $0.elements("text") }
    #expect(labels.count < 20)
    #expect(svg.children.first { $0.name == "desc" }?.text.contains("10000 days") == true)
  }

  @Test func noReportsSayNoReadings() throws {
    let svg = try chart([])
    #expect(svg.allText.contains("No readings in this range."))
    let empty = try chart([chartReport([nil, nil])])
    #expect(empty.allText.contains("No readings in this range."))
    #expect(empty.elements(classed: "chart-bars").flatMap { $0.elements("rect") }.isEmpty)
  }

  @Test func tooltipsRoundAsTablesDo() throws {
    var report = chartReport([1745.17955860296, 2])
    let svg = try chart([report])
    let tips = svg.elements(classed: "chart-bars").flatMap { $0.elements("title") }.map(\.text)
    #expect(tips.first == "P1: 1745.18 km")
    report.project.decimals = 0
    let whole = try chart([report]).elements(classed: "chart-bars").flatMap { $0.elements("title") }
    #expect(whole.first?.text == "P1: 1745 km")
  }

  @Test func theStylesheetFollowsTheColourScheme() {
    #expect(SVGChart.stylesheet.contains("@media (prefers-color-scheme:dark)"))
    let inline = SVGChart(includesStylesheet: false).render([chartReport([1])])
    #expect(!inline.contains("<style>"))
  }
}

@Suite struct HTMLReportTests {
  func page(_ reports: [ProjectReport]) throws -> (String, XMLTree) {
    let text = ReportTemplate.html.render(
      reports, generated: Timestamp(secondsSince1970: 0),
      zone: TimeZone(secondsFromGMT: 0) ?? .current,
      charts: ReportCharts(inline: true, includesEmpty: false))
    return (text, try XMLTree.parse(text))
  }

  @Test func aPageHoldsEachProjectsChartTableAndGoal() throws {
    let (_, html) = try page([
      chartReport([10, nil, 30], goal: 20), chartReport([80, 79], kind: .gauge, title: "Weight"),
    ])
    #expect(html.name == "html")
    let sections = html.elements("section")
    #expect(sections.count == 2)
    #expect(sections[0].elements("h2").first?.allText == "Run (km)")
    #expect(sections[0].elements("svg").count == 1)
    // The goal judges the period without readings, so the table lists it too (its streak
    // counts it); the chart keeps its place, without a bar.
    #expect(sections[0].elements("tbody").first?.elements("tr").count == 3)
    #expect(sections[0].elements(classed: "chart-bars").flatMap { $0.elements("rect") }.count == 2)
    #expect(
      sections[0].elements(classed: "goal").first?.text.hasPrefix("Goal: at least 20 km") == true)
    #expect(sections[1].elements(classed: "chart-line").count == 1)
    // Each inline chart's ids are its own.
    let ids = html.all.compactMap { $0.attributes["id"] }
    #expect(Set(ids).count == ids.count)
  }

  @Test func thePageLoadsNothingFromElsewhere() throws {
    let (text, html) = try page([chartReport([1, 2, 3], goal: 2)])
    let loaders = ["script", "link", "img", "iframe", "object", "embed", "audio", "video"]
    #expect(html.all.allSatisfy { !loaders.contains($0.name) })
    #expect(html.all.allSatisfy { $0.attributes["src"] == nil && $0.attributes["href"] == nil })
    #expect(!text.contains("url("))
    #expect(!text.contains("@import"))
    let policy = html.elements("meta").first {
      $0.attributes["http-equiv"] == "Content-Security-Policy"
    }
    #expect(policy?.attributes["content"]?.hasPrefix("default-src 'none'") == true)
  }

  @Test func titlesAreEscapedInThePage() throws {
    let title = #"<&"> x"#
    let (text, html) = try page([chartReport([1], title: title)])
    #expect(html.elements("h2").first?.text.hasPrefix(title) == true)
    #expect(!text.contains("<&"))
  }
}

@Suite struct TerminalPictureTests {
  @Test func sparklinesRiseWithTheValuesAndLeaveGaps() {
    #expect(
      Sparkline.render([0, 1, 2, 3, 4, 5, 6, 7], kind: .total, glyphs: .unicode) == "▁▂▃▄▅▆▇█")
    #expect(Sparkline.render([4, nil, 8], kind: .total, glyphs: .unicode) == "▅ █")
    #expect(Sparkline.render([4, nil, 8], kind: .total, glyphs: .ascii) == "= #")
    // A gauge spans its lowest to its highest level.
    #expect(Sparkline.render([80, 81, 82], kind: .gauge, glyphs: .unicode) == "▁▅█")
    #expect(Sparkline.render([nil, nil], kind: .total, glyphs: .unicode) == "  ")
    #expect(Sparkline.render([5, 5], kind: .gauge, glyphs: .unicode) == "▅▅")
    #expect(Sparkline.render([-4, 0, 4], kind: .total, glyphs: .unicode) == "▁▅█")
  }

  @Test func glyphsFollowTheLocale() {
    #expect(Glyphs.detect(environment: ["LANG": "en_US.UTF-8"]) == .unicode)
    #expect(Glyphs.detect(environment: ["LC_ALL": "C.utf8", "LANG": "C"]) == .unicode)
    #expect(Glyphs.detect(environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"]) == .ascii)
    #expect(Glyphs.detect(environment: ["LC_ALL": "", "LC_CTYPE": "POSIX"]) == .ascii)
    #expect(Glyphs.detect(environment: [:]) == .ascii)
  }

  /// Where `character` first is on each period's line of `text`, in characters.
  func columns(of character: Character, in text: String) -> [Int?] {
    text.split(separator: "\n").filter { $0.hasPrefix("P") && !$0.hasPrefix("PERIOD") }.map {
      line in
      line.firstIndex(of: character).map { line.distance(from: line.startIndex, to: $0) }
    }
  }

  @Test func negativeBarsDrawLeftOfTheAxis() {
    let text = ReportTable.render([chartReport([-10, 20, 10])], barWidth: 31)
    let lines = text.split(separator: "\n").filter { $0.hasPrefix("P") && !$0.hasPrefix("PERIOD") }
      .map(String.init)
    // The axis is in the same column on every row; -10 ends at it, 20 and 10 start from it.
    let axes = columns(of: "│", in: text)
    #expect(axes.count == 3 && Set(axes).count == 1 && axes[0] != nil)
    #expect(lines[0].hasSuffix("██████████│"))
    #expect(lines[1].hasSuffix("│████████████████████"))
    #expect(lines[2].hasSuffix("│██████████"))
  }

  @Test func theGoalIsMarkedOnEachRow() {
    let text = ReportTable.render([chartReport([10, 40], goal: 20)], barWidth: 20)
    let lines = text.split(separator: "\n").filter { $0.hasPrefix("P") && !$0.hasPrefix("PERIOD") }
      .map(String.init)
    let marks = columns(of: "┊", in: text)
    #expect(marks[0] != nil && marks[0] == marks[1])
    #expect(lines[0].hasSuffix("  █████     ┊"))
    // 40 is twice the goal: as many cells past the mark as before it.
    #expect(lines[1].hasSuffix("  ██████████┊██████████"))
    #expect(text.contains("The bars mark it with ┊."))
    let ascii = ReportTable.render([chartReport([10, 40], goal: 20)], barWidth: 20, glyphs: .ascii)
    #expect(ascii.contains("#####:") && !ascii.contains("█"))
  }

  /// A bar past the goal goes on past its mark, however few cells the bars have: 109% and
  /// 116% of a goal were both drawn ending at the mark.
  @Test(arguments: [6, 8, 20]) func barsPastTheGoalPassItsMark(width: Int) {
    let text = ReportTable.render([chartReport([1440, 1640, 1745], goal: 1500)], barWidth: width)
    let lines = text.split(separator: "\n").filter { $0.hasPrefix("P") && !$0.hasPrefix("PERIOD") }
      .map(String.init)
    let marks = columns(of: "┊", in: text)
    #expect(Set(marks).count == 1 && marks[0] != nil, "\(text)")
    #expect(lines[0].hasSuffix("┊"), "\(text)")
    for line in lines.dropFirst() {
      #expect(!line.hasSuffix("┊"), "\(text)")
      #expect(line.count <= lines.map(\.count).max() ?? 0)
    }
    let past = lines.dropFirst().map { $0.split(separator: "┊").last.map(String.init) ?? "" }
    #expect(past[0] != past[1], "\(text)")
  }

  /// Only a bar above the goal goes past its mark: 99% (whose last cell rounds onto the mark)
  /// and 100% end at it.
  @Test(arguments: [12, 20, 35]) func onlyABarAboveTheGoalPassesItsMark(width: Int) {
    let values: [Double] = [95, 99, 100, 101, 130]
    let text = ReportTable.render([chartReport(values, goal: 100)], barWidth: width)
    let lines = text.split(separator: "\n").filter { $0.hasPrefix("P") && !$0.hasPrefix("PERIOD") }
      .map(String.init)
    let marks = columns(of: "┊", in: text)
    #expect(Set(marks).count == 1 && marks[0] != nil, "\(text)")
    for (value, line) in zip(values, lines) where value <= 100 {
      #expect(line.hasSuffix("┊"), "\(value) at \(width): \(text)")
    }
    #expect(!lines[4].hasSuffix("┊"), "\(text)")
  }

  @Test func barsTakeTheTerminalsWidth() {
    let report = chartReport([10, 40])
    let narrow = ReportTable.render([report], width: 60)
    let wide = ReportTable.render([report], width: 120)
    let widest = { (text: String) in
      text.split(separator: "\n").map { DisplayWidth.of(String($0)) }.max() ?? 0
    }
    #expect(widest(narrow) <= 60)
    #expect(widest(wide) > widest(narrow))
    #expect(widest(wide) <= 120)
  }
}
