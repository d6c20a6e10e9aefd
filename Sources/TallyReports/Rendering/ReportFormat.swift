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
  ///
  /// With `onlyShown` (the default columns of a report of several kinds), a figure this
  /// report's table does not show is empty (see ``machineValue(_:of:)``).
  public func records(
    _ statistics: [ReportStatistic] = ReportStatistic.contract, onlyShown: Bool = false
  ) -> [[String]] {
    rows.map { row in
      [project.title, row.period.label] + (tag.map { [$0] } ?? [])
        + statistics.map { value($0, of: row, onlyShown: onlyShown).exact }
    }
  }

  /// `statistic` in `row` as CSV and JSON give it by default: nothing when this report's
  /// table does not show it (a gauge's `sum`, a total's `usage`) or it means nothing for
  /// the project's kind.
  public func machineValue(_ statistic: ReportStatistic, of row: PeriodSummary) -> ReportValue {
    value(statistic, of: row, onlyShown: true)
  }

  /// `statistic` in `row`; nothing when it means nothing for the project's kind, or, with
  /// `onlyShown`, when the table does not show it.
  func value(_ statistic: ReportStatistic, of row: PeriodSummary, onlyShown: Bool)
    -> ReportValue
  {
    let applies =
      onlyShown ? shownStatistics.contains(statistic) : statistic.kinds.contains(project.kind)
    return applies ? statistic.value(of: row, project.kind) : .number(nil)
  }
}

/// Writes reports as CSV: the header `project,period` and the statistics (by default those of
/// the reports' tables, see ``ReportStatistic/machineDefault(for:)``), a row a period.
public enum ReportCSV {
  /// The header of a total's report, exactly as the command-line contract gives it.
  public static let header = ["project", "period", "count", "sum", "min", "max", "mean"]

  /// The reports as one CSV document.
  ///
  /// With `byTag` (`--by tag`), the header has a `tag` column even when no report has rows.
  ///
  /// Without `statistics`, the columns are ``ReportStatistic/machineDefault(for:outlook:)``
  /// and a row leaves empty what its own table does not show.
  public static func render(
    _ reports: [ProjectReport], statistics: [ReportStatistic]? = nil,
    outlook: [ReportStatistic] = [], byTag: Bool = false
  ) -> String {
    let onlyShown = statistics == nil
    let statistics =
      statistics ?? ReportStatistic.machineDefault(for: reports, outlook: outlook)
    let byTag = byTag || reports.contains { $0.tag != nil }
    return CSVWriter.line(
      ["project", "period"] + (byTag ? ["tag"] : []) + statistics.map(\.rawValue))
      + ReportRows.ordered(reports).map { report, rows in
        var part = report
        part.rows = rows
        return part.records(statistics, onlyShown: onlyShown).map { record in
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
  ///
  /// Without `statistics`, the keys are ``ReportStatistic/machineDefault(for:outlook:)`` and
  /// a row has `null` for what its own table does not show.
  public static func render(
    _ reports: [ProjectReport], statistics: [ReportStatistic]? = nil,
    outlook: [ReportStatistic] = []
  ) -> String {
    let onlyShown = statistics == nil
    let statistics =
      statistics ?? ReportStatistic.machineDefault(for: reports, outlook: outlook)
    return JSONWriter.array(
      ReportRows.ordered(reports).flatMap { report, rows in
        rows.map { row in
          JSONWriter.object(
            [("project", .string(report.project.title)), ("period", .string(row.period.label))]
              + (report.tag.map { [("tag", .string($0))] } ?? [])
              + statistics.map {
                ($0.rawValue, report.value($0, of: row, onlyShown: onlyShown).json)
              })
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
