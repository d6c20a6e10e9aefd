import Foundation
import TallyCore
import TallyReports

/// The running timers (`tally timer status`) in each list format.
///
/// CSV header: `project,started_at,elapsed_seconds` (whole seconds up to now); JSON has the
/// same keys.
struct TimerListing {
  static let header = ["project", "started_at", "elapsed_seconds"]

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
            String(timer.elapsedSeconds(until: now)),
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
            ])
          }))
    }
  }

  private func writeTable(to output: OutputBuffer) {
    guard !timers.isEmpty else {
      output.say("No timer is running.")
      return
    }
    var table = TextTable(columns: [
      .init("PROJECT", .text), .init("STARTED"), .init("ELAPSED", .right),
    ])
    for (title, timer) in timers {
      table.append([
        title, TimestampFormat.local(timer.startedAt, in: zone),
        Self.elapsed(timer.startedAt.seconds(until: now)),
      ])
    }
    output.write(table.render(width: width))
  }

  /// `h:mm:ss`, the whole seconds passed.
  private static func elapsed(_ seconds: Double) -> String {
    let total = max(0, Int(seconds))
    return String(format: "%d:%02d:%02d", total / 3_600, total % 3_600 / 60, total % 60)
  }
}
