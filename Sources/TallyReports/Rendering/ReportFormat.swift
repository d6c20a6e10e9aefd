import Foundation
public import TallyCore

/// How numbers appear in reports: exactly for machines, rounded for people.
public enum ReportNumber {
  /// The shortest exact form, for CSV and JSON.
  public static func exact(_ value: Double?) -> String {
    value.map(AmountFormat.plain) ?? ""
  }

  /// For people: with `decimals` places when given, else rounded to two decimals with
  /// trailing zeros dropped.
  public static func rounded(_ value: Double?, decimals: Int? = nil) -> String {
    guard let value else { return "" }
    guard let decimals else {
      // Past 10¹⁵ a Double has no hundredths to round (and times 100 could overflow).
      guard abs(value) < 1e15 else { return AmountFormat.plain(value) }
      let rounded = (value * 100).rounded() / 100
      return AmountFormat.plain(rounded == 0 ? 0 : rounded)
    }
    let text = String(format: "%.\(max(0, min(decimals, 9)))f", value)
    // No `-0.00`: a value that rounds to zero shows as zero.
    return text.hasPrefix("-") && text.allSatisfy({ "-0.".contains($0) })
      ? String(text.dropFirst()) : text
  }
}

extension ReportNumber {
  /// For people reading `project`: a clock (`1:20`, to the minute or the second) when it is
  /// shown in clocks, else ``rounded(_:decimals:)`` with its decimals.
  public static func forPeople(_ value: Double?, of project: Project) -> String {
    guard let value else { return "" }
    guard let unit = project.clockUnit else { return rounded(value, decimals: project.decimals) }
    return DurationFormat.clock(value, unit: unit)
  }

  /// ``forPeople(_:of:)`` and what it counts: `1.5 km`, `1:20 h`, `3` without units.
  public static func withUnits(_ value: Double, of project: Project) -> String {
    let number = forPeople(value, of: project)
    if project.clockUnit != nil { return number + " h" }
    return project.units.isEmpty ? number : "\(number) \(project.units)"
  }
}

extension ProjectReport {
  /// The report's rows as machine-readable records: project, period, then `statistics`.
  public func records(_ statistics: [ReportStatistic] = ReportStatistic.contract) -> [[String]] {
    rows.map { row in
      [project.title, row.period.label] + (tag.map { [$0] } ?? [])
        + statistics.map { $0.value(of: row, project.kind).exact }
    }
  }
}

/// Writes reports as CSV: the header `project,period,count,sum,min,max,mean` (or the
/// statistics asked for after `project,period`), a row a period.
public enum ReportCSV {
  /// The header, exactly as the command-line contract gives it.
  public static let header = ["project", "period", "count", "sum", "min", "max", "mean"]

  /// The reports as one CSV document.
  ///
  /// With `byTag` (`--by tag`), the header has a `tag` column even when no report has rows.
  public static func render(
    _ reports: [ProjectReport], statistics: [ReportStatistic] = ReportStatistic.contract,
    byTag: Bool = false
  ) -> String {
    let byTag = byTag || reports.contains { $0.tag != nil }
    return CSVWriter.line(
      ["project", "period"] + (byTag ? ["tag"] : []) + statistics.map(\.rawValue))
      + ReportRows.ordered(reports).map { report, rows in
        var part = report
        part.rows = rows
        return part.records(statistics).map { record in
          CSVWriter.line(
            record.enumerated().map { $0 == 0 || (byTag && $0 == 2) ? CSVWriter.text($1) : $1 })
        }.joined()
      }.joined()
  }
}

/// Writes reports as a JSON array of objects with exactly the CSV's keys; numbers as numbers,
/// `met` as `true` or `false`, `null` for what a period lacks.
public enum ReportJSON {
  /// The reports as one JSON document.
  public static func render(
    _ reports: [ProjectReport], statistics: [ReportStatistic] = ReportStatistic.contract
  ) -> String {
    JSONWriter.array(
      ReportRows.ordered(reports).flatMap { report, rows in
        rows.map { row in
          JSONWriter.object(
            [("project", .string(report.project.title)), ("period", .string(row.period.label))]
              + (report.tag.map { [("tag", .string($0))] } ?? [])
              + statistics.map { ($0.rawValue, $0.value(of: row, report.project.kind).json) })
        }
      })
  }
}

/// The order CSV and JSON list rows in: a report's periods in turn; with `--by tag`, each
/// project's periods in turn and, within a period, its tags in the reports' order (the
/// untagged last), so that one period's rows stand together.
enum ReportRows {
  /// Each row with the report it belongs to, in that order (one row each).
  static func ordered(_ reports: [ProjectReport]) -> [(ProjectReport, [PeriodSummary])] {
    guard reports.contains(where: { $0.tag != nil }) else {
      return reports.map { ($0, $0.rows) }
    }
    var ordered: [(ProjectReport, [PeriodSummary])] = []
    var start = 0
    while start < reports.count {
      var end = start + 1
      while end < reports.count, reports[end].project.id == reports[start].project.id {
        end += 1
      }
      let rows = reports[start..<end].enumerated().flatMap { place, report in
        report.rows.map { (place: place, report: report, row: $0) }
      }.sorted { ($0.row.period.start, $0.place) < ($1.row.period.start, $1.place) }
      ordered += rows.map { ($0.report, [$0.row]) }
      start = end
    }
    return ordered
  }
}
