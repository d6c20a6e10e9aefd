import Foundation
import TallyCore
import TallyReports

/// A project's readings in each output format, written as they stream from the database.
///
/// A meter's listing has a `reset` column (`yes` for a reset), so that it imports back.
final class ReadingListing {
  private let project: Project
  private let zone: TimeZone
  private var table: TextTable
  /// The table's readings, each with the section it opens (its period's label), kept until
  /// the end: the time column shows seconds on every row when any reading has some.
  private var tableRows: [(opens: String?, reading: Reading)] = []
  private var anySeconds = false
  /// The period of the section being listed: readings come in time order, so the next one is
  /// most often in it, and its period need not be worked out again.
  private var section: Period?
  private var count = 0
  /// Whether `--from` or `--to` narrowed the listing, for the message when it is empty.
  private let isRange: Bool
  /// The terminal's columns, which the table fits; `nil` off a terminal.
  private let width: Int?
  /// Whether a tags column shows: the project's readings carry tags.
  private let marksTags: Bool

  init(
    project: Project, zone: TimeZone, isRange: Bool = false, width: Int? = nil,
    marksTags: Bool = false
  ) {
    self.project = project
    self.zone = zone
    self.isRange = isRange
    self.width = width
    self.marksTags = marksTags
    // A clock says its pattern, whatever unit of time the project records in.
    let shownUnits = project.clockUnit.map(DurationFormat.pattern) ?? project.units
    let amountHeader = shownUnits.isEmpty ? "AMOUNT" : "AMOUNT (\(shownUnits))"
    table = TextTable(
      columns: [.init("ID", .right), .init("TIME"), .init(amountHeader, .right)]
        + (marksTags ? [.init("TAGS", .text)] : []) + [.init("NOTE", .text)])
  }

  func begin(_ format: ListFormat, to output: OutputBuffer) {
    switch format {
    case .table: break
    case .csv:
      output.write(
        CSVWriter.line(
          ["id", "timestamp", "amount", "note"] + (isMeter ? ["reset"] : [])
            + (marksTags ? ["tags"] : [])))
    case .json: output.write("[")
    }
  }

  func write(_ reading: Reading, _ format: ListFormat, to output: OutputBuffer) {
    defer { count += 1 }
    switch format {
    case .table:
      var opens: String?
      if section?.contains(reading.timestamp) != true {
        let period = PeriodCalendar(period: project.frequency, zone: zone)
          .period(containing: reading.timestamp)
        opens = period.label
        section = period
      }
      tableRows.append((opens, reading))
      if !anySeconds { anySeconds = TimestampFormat.hasSeconds(reading.timestamp, in: zone) }
    case .csv:
      output.write { line in
        line.integer(reading.id.rawValue)
        line.csvFields(of: reading, resets: isMeter, tags: marksTags)
      }
    case .json:
      output.write { line in
        line.append(count == 0 ? "\n{" : ",\n{")
        line.jsonKey("id", first: true)
        line.integer(reading.id.rawValue)
        line.jsonMembers(of: reading, resets: isMeter, tags: marksTags)
      }
    }
  }

  private var isMeter: Bool { project.kind == .meter }

  func end(_ format: ListFormat, to output: OutputBuffer) {
    switch format {
    case .table:
      if count == 0 {
        output.say(
          "\(project.title) has no readings" + (isRange ? " that match." : " yet."))
      } else {
        for (opens, reading) in tableRows {
          if let opens { table.appendSection(opens) }
          table.append(
            [
              reading.id.description,
              TimestampFormat.local(reading.timestamp, in: zone, seconds: anySeconds),
              project.shown(reading.amount) + (reading.isReset ? " (reset)" : ""),
            ] + (marksTags ? [Tags.listed(reading.tags)] : []) + [reading.note ?? ""])
        }
        tableRows = []
        output.write(table.render(width: width))
      }
    case .csv: break
    case .json: output.write(count == 0 ? "]\n" : "\n]\n")
    }
  }
}
