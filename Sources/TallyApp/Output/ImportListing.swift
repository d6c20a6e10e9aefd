import Foundation
import TallyCore
import TallyReports

/// The imports (`tally import list`) in each list format, newest first.
///
/// CSV header: `id,at,project,file,imported,duplicates,skipped,sha256,undone`; JSON has the
/// same keys.
struct ImportListing {
  static let header = [
    "id", "at", "project", "file", "imported", "duplicates", "skipped", "sha256", "undone",
  ]

  let batches: [ImportBatch]
  /// The title of each batch's project; a deleted project has none.
  let titles: [ProjectID: String]
  let zone: TimeZone
  /// The terminal's columns, which a table fits; `nil` off a terminal.
  let width: Int?

  func write(_ format: ListFormat, to output: OutputBuffer) {
    switch format {
    case .table: writeTable(to: output)
    case .csv:
      output.write(CSVWriter.line(Self.header))
      for batch in batches {
        output.write(
          CSVWriter.line([
            batch.id.description, TimestampFormat.iso8601(batch.at, in: zone),
            CSVWriter.text(titles[batch.projectID] ?? ""), CSVWriter.text(batch.fileName),
            String(batch.imported), String(batch.duplicates), String(batch.skipped), batch.sha256,
            batch.isUndone ? "yes" : "no",
          ]))
      }
    case .json:
      output.write(
        JSONWriter.array(
          batches.map { batch in
            JSONWriter.object([
              "id": .integer(batch.id.rawValue),
              "at": .string(TimestampFormat.iso8601(batch.at, in: zone)),
              "project": .optional(titles[batch.projectID]), "file": .string(batch.fileName),
              "imported": .integer(Int64(batch.imported)),
              "duplicates": .integer(Int64(batch.duplicates)),
              "skipped": .integer(Int64(batch.skipped)), "sha256": .string(batch.sha256),
              "undone": .bool(batch.isUndone),
            ])
          }))
    }
  }

  private func writeTable(to output: OutputBuffer) {
    guard !batches.isEmpty else {
      output.say("No imports yet.")
      return
    }
    var table = TextTable(columns: [
      .init("ID", .right), .init("TIME"), .init("PROJECT", .text), .init("FILE", .text),
      .init("NEW", .right), .init("DUPLICATES", .right), .init("SKIPPED", .right),
      .init("SHA-256"), .init("STATUS"),
    ])
    for batch in batches {
      table.append([
        batch.id.description, TimestampFormat.local(batch.at, in: zone),
        titles[batch.projectID] ?? "(deleted)", batch.fileName,
        String(batch.imported), String(batch.duplicates), String(batch.skipped),
        String(batch.sha256.prefix(12)), batch.isUndone ? "undone" : "",
      ])
    }
    output.write(table.render(width: width))
  }
}
