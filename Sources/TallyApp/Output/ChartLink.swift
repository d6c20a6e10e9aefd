import Foundation
import TallyCore

/// How a report names the chart written beside it: relative to the report's folder when the
/// chart lies in or under it, so that the two can move together.
enum ChartLink {
  /// The path of `chart` as the report at `report` (or on standard output, from the current
  /// folder) links it.
  static func path(of chart: String, from report: String?) -> String {
    guard let report else { return chart }
    let folder = URL(fileURLWithPath: report).standardizedFileURL.deletingLastPathComponent()
      .path
    let target = URL(fileURLWithPath: chart).standardizedFileURL.path
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : target
  }

  /// Refuses a chart that the report would not link, that is not an SVG file, or that is
  /// the report's own file (by any spelling or link).
  static func check(
    _ chart: String, report: String?, format: ReportRequest.Format, template: String?
  ) throws(TallyError) {
    guard template != nil || format == .markdown else {
      throw TallyError(
        .invalidInput, "--chart goes with a Markdown report, which links the chart it writes",
        hint: "Add --format markdown, or write the chart alone with --format svg.")
    }
    guard chart.lowercased().hasSuffix(".svg") else {
      throw TallyError(
        .invalidInput, "--chart \(chart): the chart is SVG; name a file ending in .svg")
    }
    if let report, resolved(report) == resolved(chart) {
      throw TallyError(.invalidInput, "--chart and --output name the same file, \(report)")
    }
  }

  /// The file a path names, through `.`, `..` and symbolic links.
  private static func resolved(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
