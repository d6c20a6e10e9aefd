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
      [project.title, row.period.label]
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
  public static func render(
    _ reports: [ProjectReport], statistics: [ReportStatistic] = ReportStatistic.contract
  ) -> String {
    CSVWriter.line(["project", "period"] + statistics.map(\.rawValue))
      + reports.flatMap { $0.records(statistics) }.map { record in
        CSVWriter.line(record.enumerated().map { $0 == 0 ? CSVWriter.text($1) : $1 })
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
      reports.flatMap { report in
        report.rows.map { row in
          JSONWriter.object(
            [("project", .string(report.project.title)), ("period", .string(row.period.label))]
              + statistics.map { ($0.rawValue, $0.value(of: row, report.project.kind).json) })
        }
      })
  }
}
