public import TallyCore

/// How numbers appear in reports: exactly for machines, rounded for people.
enum ReportNumber {
  /// The shortest exact form, for CSV and JSON.
  static func exact(_ value: Double?) -> String {
    value.map(AmountFormat.plain) ?? ""
  }

  /// Rounded to two decimals, trailing zeros dropped, for tables and Markdown.
  static func rounded(_ value: Double?) -> String {
    guard let value else { return "" }
    let rounded = (value * 100).rounded() / 100
    return AmountFormat.plain(rounded == 0 ? 0 : rounded)
  }
}

extension ProjectReport {
  /// The report's rows as machine-readable records: `project,period,count,sum,min,max,mean`.
  public var records: [[String]] {
    rows.map { row in
      [
        project.title, row.period.label, String(row.count), ReportNumber.exact(row.sum),
        ReportNumber.exact(row.min), ReportNumber.exact(row.max), ReportNumber.exact(row.mean),
      ]
    }
  }
}

/// Writes reports as CSV: the header `project,period,count,sum,min,max,mean`, a row a period.
public enum ReportCSV {
  /// The header, exactly as the command-line contract gives it.
  public static let header = ["project", "period", "count", "sum", "min", "max", "mean"]

  /// The reports as one CSV document.
  public static func render(_ reports: [ProjectReport]) -> String {
    CSVWriter.line(header) + reports.flatMap(\.records).map(CSVWriter.line).joined()
  }
}

/// Writes reports as a JSON array of objects with exactly the CSV's keys; numbers as numbers,
/// `null` for the min, max and mean of an empty period.
public enum ReportJSON {
  /// The reports as one JSON document.
  public static func render(_ reports: [ProjectReport]) -> String {
    JSONWriter.array(
      reports.flatMap { report in
        report.rows.map { row in
          JSONWriter.object([
            "project": .string(report.project.title),
            "period": .string(row.period.label),
            "count": .integer(Int64(row.count)),
            "sum": .number(row.sum),
            "min": .optional(row.min),
            "max": .optional(row.max),
            "mean": .optional(row.mean),
          ])
        }
      })
  }
}
