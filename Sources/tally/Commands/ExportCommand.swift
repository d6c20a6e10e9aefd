import ArgumentParser
import TallyCore
import TallyReports

/// `tally export`: every reading, in a form `tally import` reads back.
struct ExportCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write every reading as CSV (project,timestamp,amount,note) or JSON.")

  /// The formats export writes.
  enum Format: String, CaseIterable, ExpressibleByArgument {
    case csv, json
  }

  @OptionGroup var global: GlobalOptions
  @Option(help: "csv or json.") var format: Format = .csv

  func run(in session: Session) throws {
    let output = StandardOutput()
    var count = 0
    switch format {
    case .csv:
      output.write(CSVWriter.line(["project", "timestamp", "amount", "note"]))
      try session.database.forEachReadingWithTitle { title, reading in
        output.write(
          CSVWriter.line([
            title, TimestampFormat.iso8601(reading.timestamp, in: session.zone),
            AmountFormat.plain(reading.amount), reading.note ?? "",
          ]))
      }
    case .json:
      output.write("[")
      try session.database.forEachReadingWithTitle { title, reading in
        output.write(
          (count == 0 ? "\n" : ",\n")
            + JSONWriter.object([
              "project": .string(title),
              "timestamp": .string(TimestampFormat.iso8601(reading.timestamp, in: session.zone)),
              "amount": .number(reading.amount),
              "note": .optional(reading.note),
            ]))
        count += 1
      }
      output.write(count == 0 ? "]\n" : "\n]\n")
    }
  }
}
