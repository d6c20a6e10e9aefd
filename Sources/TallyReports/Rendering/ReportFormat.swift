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
    return DurationFormat.shown(value, unit: unit)
  }

  /// ``forPeople(_:of:)`` and what it counts: `1.5 km`, `1:20 h`, `3` without units.
  public static func withUnits(_ value: Double, of project: Project) -> String {
    let number = forPeople(value, of: project)
    if let unit = project.clockUnit { return number + " " + DurationFormat.suffix(unit) }
    return project.units.isEmpty ? number : "\(number) \(project.units)"
  }
}

extension ProjectReport {
  /// Each of `statistics`, or `nil` where it means nothing for the project's kind or, with
  /// `onlyShown`, where its kind's table never shows it; decided once for all the rows.
  ///
  /// The goal's columns count as shown: a period without a goal leaves them empty anyway, so
  /// that this needs no look at the rows.
  func applying(_ statistics: [ReportStatistic], onlyShown: Bool) -> [ReportStatistic?] {
    let shown: Set<ReportStatistic> =
      onlyShown
      ? Set(ReportStatistic.shown(for: project.kind, withGoal: true) + outlook.statistics) : []
    return statistics.map { statistic in
      (onlyShown ? shown.contains(statistic) : statistic.means(for: project.kind))
        ? statistic : nil
    }
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
    // A row a period: project, period, the tag when there is one, then `statistics`; with
    // `onlyShown`, a figure this report's table does not show (a gauge's `sum`, a total's
    // `usage`) is empty. Each row is written in place (RecordWriter): 100 projects' monthly
    // rows are 36,000 lines.
    var writer = RecordWriter(capacity: 1 << 16)
    writer.append(
      CSVWriter.line(["project", "period"] + (byTag ? ["tag"] : []) + statistics.map(\.rawValue)))
    for (report, rows) in ReportRows.ordered(reports) {
      // The fields of ProjectReport.records, the title and the tag marked as text once.
      let applies = report.applying(statistics, onlyShown: onlyShown)
      let title = CSVWriter.quoted(CSVWriter.text(report.project.title))
      let tag = report.tag.map { CSVWriter.quoted(CSVWriter.text($0)) }
      for row in rows {
        writer.append(title)
        writer.append(",")
        writer.csvField(row.period.label)
        if let tag {
          writer.append(",")
          writer.append(tag)
        }
        for statistic in applies {
          writer.append(",")
          writer.csvField(statistic?.value(of: row, report.project.kind).exact ?? "")
        }
        writer.append("\n")
      }
    }
    return writer.text
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
        let applies = report.applying(statistics, onlyShown: onlyShown)
        return rows.map { row in
          JSONWriter.object(
            [("project", .string(report.project.title)), ("period", .string(row.period.label))]
              + (report.tag.map { [("tag", .string($0))] } ?? [])
              + zip(statistics, applies).map { statistic, applies in
                (
                  statistic.rawValue,
                  (applies?.value(of: row, report.project.kind) ?? .number(nil)).json
                )
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
