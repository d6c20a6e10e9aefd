import Foundation
import TallyCore
import TallyReports

/// The running timers (`tally timer status`) in each list format.
///
/// CSV header: `project,started_at,elapsed_seconds,note,tags` (whole seconds up to now; the
/// note and tags its readings are to carry, empty for none); JSON has the same keys, with
/// `null` for no note and an array of tags.
struct TimerListing {
  static let header = ["project", "started_at", "elapsed_seconds", "note", "tags"]

  /// Each running timer with its project's title.
  let timers: [(title: String, timer: RunningTimer)]
  let now: Timestamp
  let zone: TimeZone
  /// The terminal's columns, which a table fits; `nil` off a terminal.
  let width: Int?

  func write(_ format: ListFormat, to output: OutputBuffer) {
    switch format {
    case .table: writeTable(to: output)
    case .csv:
      output.write(CSVWriter.line(Self.header))
      for (title, timer) in timers {
        output.write(
          CSVWriter.line([
            CSVWriter.text(title), TimestampFormat.iso8601(timer.startedAt, in: zone),
            String(timer.elapsedSeconds(until: now)), CSVWriter.text(timer.note ?? ""),
            CSVWriter.text(Tags.listed(timer.tags)),
          ]))
      }
    case .json:
      output.write(
        JSONWriter.array(
          timers.map { title, timer in
            JSONWriter.object([
              "project": .string(title),
              "started_at": .string(TimestampFormat.iso8601(timer.startedAt, in: zone)),
              "elapsed_seconds": .integer(timer.elapsedSeconds(until: now)),
              "note": .optional(timer.note),
              "tags": .texts(timer.tags),
            ])
          }))
    }
  }

  private func writeTable(to output: OutputBuffer) {
    guard !timers.isEmpty else {
      output.say("No timer is running.")
      return
    }
    // The note and tags only when some timer has them, as `item list` shows tags.
    let noted = timers.contains { $0.timer.note != nil || !$0.timer.tags.isEmpty }
    var table = TextTable(
      columns: [.init("PROJECT", .text), .init("STARTED"), .init("ELAPSED", .right)]
        + (noted ? [.init("TAGS", .text), .init("NOTE", .text)] : []))
    for (title, timer) in timers {
      table.append(
        [
          title, TimestampFormat.local(timer.startedAt, in: zone),
          Self.elapsed(timer.elapsedSeconds(until: now)),
        ] + (noted ? [Tags.listed(timer.tags), timer.note ?? ""] : []))
    }
    output.write(table.render(width: width))
  }

  /// `h:mm:ss`, the whole seconds passed (as the CSV's `elapsed_seconds` counts them).
  private static func elapsed(_ seconds: Int64) -> String {
    let total = max(0, seconds)
    func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(total / 3_600):\(twoDigits(total % 3_600 / 60)):\(twoDigits(total % 60))"
  }
}
