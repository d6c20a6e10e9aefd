import Foundation

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
}
