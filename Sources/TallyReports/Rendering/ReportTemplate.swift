public import Foundation
import Mustache
public import TallyCore

/// Renders reports through a Mustache template: the default Markdown one or the user's own.
///
/// Templates that declare `{{% CONTENT_TYPE: MARKDOWN}}` have values escaped for Markdown
/// tables (`|`, `\` and line breaks), not for HTML as Mustache does by default. The context a
/// template receives is documented in `Templates/README.md`.
public struct ReportTemplate: Sendable {
  private let template: MustacheTemplate

  /// The Markdown template tally ships.
  public static let markdown: ReportTemplate = {
    do {
      return try ReportTemplate(text: DefaultTemplates.reportMarkdown, name: "report.md.mustache")
    } catch {
      preconditionFailure("the built-in Markdown template does not parse: \(error)")
    }
  }()

  /// The self-contained HTML page tally ships.
  public static let html: ReportTemplate = {
    do {
      return try ReportTemplate(text: DefaultTemplates.reportHTML, name: "report.html.mustache")
    } catch {
      preconditionFailure("the built-in HTML template does not parse: \(error)")
    }
  }()

  /// Parses a template.
  ///
  /// - Parameters:
  ///   - text: The template.
  ///   - name: Its file name, for messages.
  /// - Throws: ``TallyError`` naming the file, line and column of a syntax error.
  public init(text: String, name: String) throws(TallyError) {
    MarkdownContentType.register()
    do {
      template = try MustacheTemplate(string: text)
    } catch let error as MustacheTemplate.ParserError {
      throw TallyError(
        .invalidInput,
        "template \(name), line \(error.context.lineNumber), column \(error.context.columnNumber):"
          + " \(error.error)",
        hint: "`\(error.context.line)`")
    } catch {
      throw TallyError(.invalidInput, "template \(name): \(error)")
    }
  }

  /// Reads and parses the template at `path`.
  ///
  /// - Throws: ``TallyError`` when the file cannot be read or does not parse.
  public init(path: String) throws(TallyError) {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw TallyError(
        .invalidInput, "cannot read the template \(path): \(error.localizedDescription)")
    }
    try self.init(text: text, name: path)
  }

  /// Renders `reports`.
  ///
  /// - Parameters:
  ///   - reports: The reports.
  ///   - generated: When the report is made.
  ///   - zone: The zone of its periods.
  ///   - statistics: The columns; `nil` gives each kind's own.
  ///   - charts: What charts the context holds.
  /// - Returns: The rendered text.
  public func render(
    _ reports: [ProjectReport], generated: Timestamp, zone: TimeZone,
    statistics: [ReportStatistic]? = nil, charts: ReportCharts = ReportCharts()
  ) -> String {
    template.render(
      ReportContext.make(
        reports, generated: generated, zone: zone, statistics: statistics, charts: charts))
  }
}

/// The charts a template's context holds.
public struct ReportCharts: Sendable {
  /// Whether each project carries its chart as inline SVG (`chart`).
  public var inline: Bool
  /// The chart file written beside the report, as the report links it (`chartFile`).
  public var file: String?
  /// Whether the rows list periods without readings; the reports may hold them for the
  /// charts' sake, which draw every period.
  public var includesEmpty: Bool

  /// Describes the charts.
  public init(inline: Bool = false, file: String? = nil, includesEmpty: Bool = true) {
    self.inline = inline
    self.file = file
    self.includesEmpty = includesEmpty
  }
}

/// Escapes values for Markdown, so that a title, units or a note shows as the characters it
/// holds in any renderer (GitHub's, CommonMark, Python-Markdown, pandoc).
///
/// `<`, `>`, `&` and `~` become entities (no live HTML: Python-Markdown passes `\<` on as a
/// tag);
/// the punctuation that starts emphasis, code, links, images, headings or strikethrough, and
/// the `|` that would end a table cell, get a backslash; control characters, line breaks
/// included, are written as visible escapes (``VisibleText``), so a value stays on its row.
struct MarkdownContentType: MustacheContentType {
  func escapeText(_ text: String) -> String {
    var result = ""
    for character in VisibleText.escaped(text) {
      switch character {
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "&": result += "&amp;"
      // Python-Markdown takes no `\~`, and GitHub would strike text through between `~~`.
      case "~": result += "&#126;"
      case "\\", "`", "*", "_", "[", "]", "(", ")", "#", "!", "|", "{", "}":
        result.append("\\")
        result.append(character)
      default: result.append(character)
      }
    }
    return result
  }

  static func register() {
    MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN")
  }
}

/// The values a report template sees; `Templates/README.md` lists them.
enum ReportContext {
  static func make(
    _ reports: [ProjectReport], generated: Timestamp, zone: TimeZone,
    statistics: [ReportStatistic]?, charts: ReportCharts
  ) -> [String: Any] {
    var context: [String: Any] = [
      "title": "Report",
      "generated": TimestampFormat.local(generated, in: zone),
      "zone": zone.identifier,
      "chartStylesheet": SVGChart.stylesheet,
      "projects": reports.enumerated().map { index, report in
        var values = project(report, statistics: statistics, includesEmpty: charts.includesEmpty)
        if charts.inline {
          values["chart"] = SVGChart(id: "chart-\(index + 1)", includesStylesheet: false)
            .render([report])
        }
        return values
      },
    ]
    if let file = charts.file {
      context["chartFile"] = file
      context["chartTitle"] = SVGChart.summary(of: reports.map(ChartSeries.init)).0
    }
    return context
  }

  private static func project(
    _ report: ProjectReport, statistics: [ReportStatistic]?, includesEmpty: Bool
  ) -> [String: Any] {
    let project = report.project
    let statistics = statistics ?? report.shownStatistics
    let total = report.total
    var totalValues = figures(of: total, in: report)
    totalValues["cells"] = report.totalCells(statistics)
    var values: [String: Any] = [
      "title": project.title,
      "frequency": project.frequency.rawValue,
      "kind": project.kind.rawValue,
      "period": report.period.rawValue,
      "from": report.rows.first?.period.label ?? "",
      "to": report.rows.last?.period.label ?? "",
      "hasReadings": total.count > 0,
      "columns": statistics.map { statistic -> [String: Any] in
        ["name": statistic.rawValue, "heading": capitalized(statistic.heading)]
      },
      // A period a goal judges is shown with readings or without: the streak counts it.
      "rows": report.rows.filter { includesEmpty || $0.hasFigures || $0.goal != nil }.map {
        row -> [String: Any] in
        var cells = figures(of: row, in: report)
        cells["period"] = row.period.label
        cells["empty"] = row.count == 0
        cells["cells"] = statistics.map {
          $0.value(of: row, project.kind).forPeople(of: project)
        }
        return cells
      },
      "total": totalValues,
    ]
    // Left out when there are none, so that `{{#units}}` shows nothing for a project
    // without units, and `{{#goal}}` nothing for one without a goal.
    if !project.units.isEmpty { values["units"] = project.units }
    if let line = report.goalLine {
      values["goal"] = line + (report.forecastLine.map { " " + $0 } ?? "")
    }
    if let streak = report.streak {
      values["streak"] = [
        "current": String(streak.current), "longest": String(streak.longest),
        "per": streak.per.unitName,
      ]
    }
    return values
  }

  /// Every statistic of `row` by name, for people.
  private static func figures(of row: PeriodSummary, in report: ProjectReport) -> [String: Any] {
    var values: [String: Any] = [:]
    for statistic in ReportStatistic.allCases {
      values[statistic.rawValue] = statistic.value(of: row, report.project.kind)
        .forPeople(of: report.project)
    }
    return values
  }

  private static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
