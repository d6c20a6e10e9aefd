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
  /// - Returns: The rendered text.
  public func render(_ reports: [ProjectReport], generated: Timestamp, zone: TimeZone) -> String {
    template.render(ReportContext.make(reports, generated: generated, zone: zone))
  }
}

/// Escapes values for Markdown: a `|` would end a table cell, a line break a table row.
struct MarkdownContentType: MustacheContentType {
  func escapeText(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\\\"
      case "|": result += "\\|"
      case "\n", "\r", "\r\n": result += " "
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
  static func make(_ reports: [ProjectReport], generated: Timestamp, zone: TimeZone)
    -> [String: Any]
  {
    [
      "title": "Report",
      "generated": TimestampFormat.local(generated, in: zone),
      "zone": zone.identifier,
      "projects": reports.map { report -> [String: Any] in
        let total = report.total
        var values: [String: Any] = [
          "title": report.project.title,
          "frequency": report.project.frequency.rawValue,
          "period": report.period.rawValue,
          "from": report.rows.first?.period.label ?? "",
          "to": report.rows.last?.period.label ?? "",
          "hasReadings": total.count > 0,
          "rows": report.rows.map { row -> [String: Any] in
            [
              "period": row.period.label, "count": String(row.count),
              "sum": ReportNumber.rounded(row.sum), "min": ReportNumber.rounded(row.min),
              "max": ReportNumber.rounded(row.max), "mean": ReportNumber.rounded(row.mean),
              "empty": row.count == 0,
            ]
          },
          "total": [
            "count": String(total.count), "sum": ReportNumber.rounded(total.sum),
            "min": ReportNumber.rounded(total.min), "max": ReportNumber.rounded(total.max),
            "mean": ReportNumber.rounded(total.count > 0 ? total.sum / Double(total.count) : nil),
          ],
        ]
        // Left out when there are none, so that `{{#units}}` shows nothing for a project
        // without units.
        if !report.project.units.isEmpty { values["units"] = report.project.units }
        return values
      },
    ]
  }
}
