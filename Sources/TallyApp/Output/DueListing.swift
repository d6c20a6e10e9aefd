import Foundation
import TallyCore
import TallyReports

/// The projects due a reading, in each output format: `project,frequency,last_reading,
/// periods_missed`.
struct DueListing {
  let due: [(ProjectSummary, Int)]
  let zone: TimeZone

  static let header = ["project", "frequency", "last_reading", "periods_missed"]

  func write(_ format: ListFormat, to output: OutputBuffer) {
    switch format {
    case .table:
      guard !due.isEmpty else {
        output.say("Nothing is due: every project has a reading in its current period.")
        return
      }
      var table = TextTable(columns: [
        .init("PROJECT"), .init("FREQUENCY"), .init("LAST READING"), .init("MISSED", .right),
      ])
      for (summary, missed) in due {
        table.append([
          summary.project.title, summary.project.frequency.rawValue,
          summary.lastReadingAt.map { TimestampFormat.local($0, in: zone) } ?? "never",
          String(missed),
        ])
      }
      output.write(table.render())
    case .csv:
      output.write(CSVWriter.line(Self.header))
      for (summary, missed) in due {
        output.write(
          CSVWriter.line([
            summary.project.title, summary.project.frequency.rawValue,
            summary.lastReadingAt.map { TimestampFormat.iso8601($0, in: zone) } ?? "",
            String(missed),
          ]))
      }
    case .json:
      output.write(
        JSONWriter.array(
          due.map { summary, missed in
            JSONWriter.object([
              "project": .string(summary.project.title),
              "frequency": .string(summary.project.frequency.rawValue),
              "last_reading": .optional(
                summary.lastReadingAt.map { TimestampFormat.iso8601($0, in: zone) }),
              "periods_missed": .integer(Int64(missed)),
            ])
          }))
    }
  }
}
