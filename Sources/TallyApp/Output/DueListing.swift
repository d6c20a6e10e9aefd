import Foundation
import TallyCore
import TallyReports

/// The projects due a reading, in each output format: `project,frequency,last_reading,
/// periods_missed`.
struct DueListing {
  let due: [DueProject]
  let zone: TimeZone
  /// The terminal's columns, which a table fits; `nil` off a terminal.
  var width: Int?

  static let header = ["project", "frequency", "last_reading", "periods_missed"]

  func write(_ format: ListFormat, to output: OutputBuffer) {
    switch format {
    case .table:
      guard !due.isEmpty else {
        output.say("Nothing is due: every project has a reading in its current period.")
        return
      }
      var table = TextTable(columns: [
        .init("PROJECT", .text), .init("FREQUENCY"), .init("LAST READING"), .init("MISSED", .right),
      ])
      // A column of times has one shape: seconds on every row when any time has some.
      let seconds = due.contains {
        $0.lastReading.map { TimestampFormat.hasSeconds($0, in: zone) } ?? false
      }
      for project in due {
        let summary = project.summary
        table.append([
          summary.project.title, summary.project.frequency.rawValue,
          project.lastReading.map { TimestampFormat.local($0, in: zone, seconds: seconds) }
            ?? "never",
          String(project.periodsMissed),
        ])
      }
      output.write(table.render(width: width))
    case .csv:
      output.write(CSVWriter.line(Self.header))
      for project in due {
        let summary = project.summary
        output.write(
          CSVWriter.line([
            CSVWriter.text(summary.project.title), summary.project.frequency.rawValue,
            project.lastReading.map { TimestampFormat.iso8601($0, in: zone) } ?? "",
            String(project.periodsMissed),
          ]))
      }
    case .json:
      output.write(
        JSONWriter.array(
          due.map { project in
            let summary = project.summary
            return JSONWriter.object([
              "project": .string(summary.project.title),
              "frequency": .string(summary.project.frequency.rawValue),
              "last_reading": .optional(
                project.lastReading.map { TimestampFormat.iso8601($0, in: zone) }),
              "periods_missed": .integer(Int64(project.periodsMissed)),
            ])
          }))
    }
  }
}
