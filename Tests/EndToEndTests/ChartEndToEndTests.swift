import Foundation
import TestSupport
import Testing

/// Charts and pages through the real binary: `--format svg|html`, formats named by the
/// output file, `--chart` beside a Markdown report, and sparklines in the project list.
@Suite struct ChartEndToEndTests {
  func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.succeed("project", "add", "Run", "--frequency", "weekly", "--units", "km")
    for (amount, at) in [
      ("12", "2024-01-02T07:00"), ("9", "2024-01-04T07:00"), ("25", "2024-01-10T07:00"),
      ("14", "2024-01-24T07:00"), ("30", "2024-02-01T07:00"),
    ] {
      try sandbox.succeed("item", "add", "Run", amount, "--at", at)
    }
    try sandbox.succeed(
      "project", "add", "Weight", "--frequency", "weekly", "--units", "kg", "--kind", "gauge")
    for (amount, at) in [("81.2", "2024-01-03"), ("80.6", "2024-01-17"), ("80.1", "2024-01-31")] {
      try sandbox.succeed("item", "add", "Weight", amount, "--at", at)
    }
    return sandbox
  }

  func path(_ name: String, in sandbox: Sandbox) -> String {
    sandbox.folder.appendingPathComponent(name).path
  }

  @Test func svgDrawsEveryWeekIncludingTheEmptyOne() throws {
    let sandbox = try sandbox()
    let svg = try XMLTree.parse(try sandbox.succeed("report", "Run", "--format", "svg"))
    // Weeks 1 to 5; week 3 has no reading: a gap that keeps its place on the time axis.
    let bars = svg.elements(classed: "chart-bars").flatMap { $0.elements("rect") }
    #expect(
      bars.map { $0.elements("title").first?.text ?? "" } == [
        "2024-W01: 21 km", "2024-W02: 25 km", "2024-W04: 14 km",
        "2024-W05: 30 km",
      ])
    #expect(
      svg.children.first { $0.name == "title" }?.text == "Run: km per week, 2024-W01 to 2024-W05")
  }

  @Test func theOutputFilesExtensionNamesTheFormat() throws {
    let sandbox = try sandbox()
    for (name, root) in [("run.svg", "svg"), ("run.html", "html")] {
      try sandbox.succeed("report", "Run", "Weight", "--output", path(name, in: sandbox))
      let text = try String(contentsOfFile: path(name, in: sandbox), encoding: .utf8)
      #expect(try XMLTree.parse(text).name == root)
    }
    try sandbox.succeed("report", "Run", "--output", path("run.md", in: sandbox))
    let markdown = try String(contentsOfFile: path("run.md", in: sandbox), encoding: .utf8)
    #expect(markdown.hasPrefix("# Report"))
    try sandbox.succeed("report", "Run", "--output", path("run.data", in: sandbox))
    let csv = try String(contentsOfFile: path("run.data", in: sandbox), encoding: .utf8)
    #expect(csv.hasPrefix("project,period,count,sum,min,max,mean\n"))
  }

  @Test func anHTMLPageHoldsAChartAndATablePerProject() throws {
    let sandbox = try sandbox()
    let html = try XMLTree.parse(
      try sandbox.succeed("report", "Run", "Weight", "--format", "html"))
    let sections = html.elements("section")
    #expect(sections.map { $0.elements("h2").first?.allText ?? "" } == ["Run (km)", "Weight (kg)"])
    #expect(sections.allSatisfy { $0.elements("svg").count == 1 })
    #expect(sections[1].elements(classed: "chart-line").count == 1)
    // The table lists the weeks with readings, as a table report does.
    #expect(sections[0].elements("tbody").first?.elements("tr").count == 4)
  }

  @Test func aMarkdownReportLinksTheChartWrittenBesideIt() throws {
    let sandbox = try sandbox()
    try sandbox.succeed(
      "report", "Run", "--format", "markdown", "--output", path("run.md", in: sandbox),
      "--chart", path("run.svg", in: sandbox))
    let markdown = try String(contentsOfFile: path("run.md", in: sandbox), encoding: .utf8)
    #expect(markdown.contains("![Run: km per week, 2024-W01 to 2024-W05](<run.svg>)"))
    let svg = try XMLTree.parse(
      try String(contentsOfFile: path("run.svg", in: sandbox), encoding: .utf8))
    #expect(svg.elements(classed: "chart-bars").flatMap { $0.elements("rect") }.count == 4)
    // Without a Markdown report, --chart is refused and nothing is written.
    let refused = try sandbox.run(
      "report", "Run", "--format", "csv", "--chart", path("other.svg", in: sandbox))
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("--chart goes with a Markdown report"))
    #expect(!FileManager.default.fileExists(atPath: path("other.svg", in: sandbox)))
    // Nor is a chart that is not SVG, or the report's own file by another spelling.
    for (chart, message) in [
      (path("chart.png", in: sandbox), "name a file ending in .svg"),
      (sandbox.folder.appendingPathComponent("./same.md.svg").path, "name the same file"),
    ] {
      let output =
        chart.hasSuffix(".svg") ? path("same.md.svg", in: sandbox) : path("r.md", in: sandbox)
      let result = try sandbox.run(
        "report", "Run", "--format", "markdown", "--output", output, "--chart", chart)
      #expect(result.status == 1)
      #expect(result.stderr.contains(message))
      #expect(!FileManager.default.fileExists(atPath: chart))
    }
  }

  @Test func aTemplateOfOneselfSeesTheCharts() throws {
    let sandbox = try sandbox()
    let template = path("mine.html.mustache", in: sandbox)
    try Data("{{#projects}}<div>{{{chart}}}</div>{{/projects}}\n".utf8)
      .write(to: URL(fileURLWithPath: template))
    let text = try sandbox.succeed("report", "Run", "--format", "html", "--template", template)
    #expect(try XMLTree.parse(text).elements("svg").count == 1)
  }

  @Test func theProjectListDrawsSparklinesInTheLocalesCharacters() throws {
    let sandbox = try sandbox()
    let now = "2024-02-02T12:00:00Z"
    let list = try sandbox.succeed("project", "list", now: now)
    #expect(list.contains("TREND"))
    // Run's weeks: 21, 25, nothing, 14, 30.
    #expect(list.contains("▆▇ ▄█"))
    // A meter's weeks between its readings have usage, so no gaps; Weight's empty weeks do.
    try sandbox.succeed(
      "project", "add", "Car", "--frequency", "weekly", "--units", "km", "--kind", "meter")
    try sandbox.succeed("item", "add", "Car", "1000", "--at", "2024-01-01")
    try sandbox.succeed("item", "add", "Car", "1700", "--at", "2024-01-29")
    let meter = try sandbox.succeed("project", "list", now: now)
    let car = try #require(meter.split(separator: "\n").first { $0.hasPrefix("Car ") })
    // 175 km in each of weeks 1 to 4; week 5 begins at the last reading and has none yet.
    #expect(car.hasSuffix("████▁"))
    let weight = try #require(meter.split(separator: "\n").first { $0.hasPrefix("Weight ") })
    #expect(weight.hasSuffix("█ ▄ ▁"))
    sandbox.environment["LC_ALL"] = "C"
    let plain = try sandbox.succeed("project", "list", now: now)
    #expect(plain.contains("+* ~#"))
    #expect(plain.allSatisfy { $0.isASCII })
  }
}
