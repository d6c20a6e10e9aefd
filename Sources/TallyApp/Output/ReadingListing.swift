import Foundation
import TallyCore
import TallyReports

/// A project's readings in each output format, written as they stream from the database.
///
/// A meter's listing has a `reset` column (`yes` for a reset), so that it imports back.
final class ReadingListing {
  private let project: Project
  private let zone: TimeZone
  /// The table, measured in a first pass over the readings and written in a second: it holds
  /// one reading at a time, however many are listed.
  private var table: StreamedTable
  /// Whether any reading's time has seconds: then every time in the column shows them.
  private var anySeconds = false
  /// The first and the last time listed: the widest times are theirs (the year's digits).
  private var firstTime: Timestamp?
  private var lastTime: Timestamp?
  /// The period of the section being listed: readings come in time order, so the next one is
  /// most often in it, and its period need not be worked out again.
  private var section: Period?
  private var count = 0
  /// The pass over the readings being listed.
  private var pass = 0
  /// Whether `--from` or `--to` narrowed the listing, for the message when it is empty.
  private let isRange: Bool
  /// The zone's offsets, asked once per daylight-saving span.
  private var offsets: ZoneOffsets
  /// The sections' periods, the project's frequency in the zone.
  private let calendar: PeriodCalendar
  /// Whether a tags column shows: the project's readings carry tags (in a table, once the
  /// first pass found some among those listed).
  private var marksTags: Bool
  /// Whether a reading listed in the table's first pass has tags.
  private var anyTags = false
  /// The unit of the project's clock, when its amounts show as one.
  private let clockUnit: TimeUnit?

  init(
    project: Project, zone: TimeZone, isRange: Bool = false, width: Int? = nil,
    marksTags: Bool = false
  ) {
    self.project = project
    self.zone = zone
    self.isRange = isRange
    offsets = ZoneOffsets(zone: zone)
    calendar = PeriodCalendar(period: project.frequency, zone: zone)
    self.marksTags = marksTags
    clockUnit = project.clockUnit
    // A clock says its pattern, whatever unit of time the project records in.
    let shownUnits = project.clockUnit.map(DurationFormat.pattern) ?? project.units
    let amountHeader = shownUnits.isEmpty ? "AMOUNT" : "AMOUNT (\(shownUnits))"
    table = StreamedTable(
      columns: [.init("ID", .right), .init("TIME"), .init(amountHeader, .right)]
        + (marksTags ? [.init("TAGS", .text)] : []) + [.init("NOTE", .text)],
      width: width)
  }

  /// How many times `format` goes over the readings: a table measures, then writes.
  static func passes(_ format: ListFormat) -> Int {
    format == .table ? 2 : 1
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

  /// Lists `reading` in pass `pass` of ``passes(_:)`` (0 unless a table); the passes come in
  /// order, each with the same readings.
  func write(_ reading: Reading, pass: Int = 0, _ format: ListFormat, to output: OutputBuffer) {
    if pass != self.pass {
      self.pass = pass
      measureTimes()
    }
    switch format {
    case .table:
      if pass == 0 {
        count += 1
        if firstTime == nil { firstTime = reading.timestamp }
        lastTime = reading.timestamp
        if !anySeconds { anySeconds = offsets.civil(reading.timestamp).0.second != 0 }
        if !anyTags { anyTags = !reading.tags.isEmpty }
        if let opens = opens(reading) { table.measure(.section(opens)) }
        // The times are measured once all are seen (measureTimes()).
        table.measure(.row(cells(of: reading, time: "")))
      } else {
        let opens = opens(reading)
        let time = TimestampFormat.local(offsets.civil(reading.timestamp).0, seconds: anySeconds)
        let row = cells(of: reading, time: time)
        output.write { writer in
          if let opens { table.write(.section(opens), to: &writer) }
          table.write(.row(row), to: &writer)
        }
      }
    case .csv:
      count += 1
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
      count += 1
    }
  }

  /// Measures the column of times once every reading was seen in the first pass (whether it
  /// shows seconds is known then), and leaves out the tags when none listed has any; the next
  /// pass starts its sections anew.
  private func measureTimes() {
    section = nil
    if marksTags, !anyTags {
      marksTags = false
      table.dropColumn(at: Self.tagsColumn)
    }
    for time in [firstTime, lastTime].compactMap({ $0 }) {
      let shown = TimestampFormat.local(time, in: zone, seconds: anySeconds)
      table.measure(.row(["", shown]))
    }
  }

  /// The label of the section `reading` opens (its period's), or `nil` when it is in the
  /// section listed last.
  private func opens(_ reading: Reading) -> String? {
    guard section?.contains(reading.timestamp) != true else { return nil }
    let period = calendar.period(containing: reading.timestamp)
    section = period
    return period.label
  }

  /// Where the tags column is, when it shows: after the id, the time and the amount.
  private static let tagsColumn = 3

  private func cells(of reading: Reading, time: String) -> [String] {
    [
      reading.id.description, time,
      Project.shown(reading.amount, clock: clockUnit) + (reading.isReset ? " (reset)" : ""),
    ] + (marksTags ? [Tags.listed(reading.tags)] : []) + [reading.note ?? ""]
  }

  private var isMeter: Bool { project.kind == .meter }

  func end(_ format: ListFormat, to output: OutputBuffer) {
    switch format {
    case .table:
      if count == 0 {
        output.say(
          "\(project.title) has no readings" + (isRange ? " that match." : " yet."))
      }
    case .csv: break
    case .json: output.write(count == 0 ? "]\n" : "\n]\n")
    }
  }
}
