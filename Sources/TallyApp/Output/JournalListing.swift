import Foundation
import TallyCore
import TallyReports

/// The recent changes (`tally log`) in each list format, newest first, with the values an edit
/// changed, before and after.
///
/// CSV header: `id,at,user,change,undone,field,old,new`, one row per value edited (a change
/// that edited none, an added reading say, has one row with the last three empty); JSON has
/// the same keys, one object per row.
struct JournalListing {
  static let header = ["id", "at", "user", "change", "undone", "field", "old", "new"]

  let entries: [JournalEntry]
  let zone: TimeZone
  /// The terminal's columns, which a table fits; `nil` off a terminal.
  let width: Int?

  func write(_ format: ListFormat, to output: OutputBuffer) {
    switch format {
    case .table: writeTable(to: output)
    case .csv:
      output.write(CSVWriter.line(Self.header))
      for entry in entries {
        for edit in Self.rows(entry) {
          output.write(
            CSVWriter.line([
              String(entry.id), TimestampFormat.iso8601(entry.at, in: zone),
              CSVWriter.text(entry.user ?? ""), CSVWriter.text(entry.description),
              entry.isUndone ? "yes" : "no", edit?.field ?? "",
              edit.map { csv($0.old) } ?? "", edit.map { csv($0.new) } ?? "",
            ]))
        }
      }
    case .json:
      let objects = entries.flatMap { entry in
        Self.rows(entry).map { edit in
          JSONWriter.object([
            "id": .integer(entry.id), "at": .string(TimestampFormat.iso8601(entry.at, in: zone)),
            "user": .optional(entry.user), "change": .string(entry.description),
            "undone": .bool(entry.isUndone), "field": .optional(edit?.field),
            "old": edit.map { json($0.old) } ?? .null, "new": edit.map { json($0.new) } ?? .null,
          ])
        }
      }
      output.write(JSONWriter.array(objects))
    }
  }

  /// An entry's rows: one per edit, or one without an edit.
  private static func rows(_ entry: JournalEntry) -> [ValueEdit?] {
    entry.edits.isEmpty ? [nil] : entry.edits
  }

  private func writeTable(to output: OutputBuffer) {
    guard !entries.isEmpty else {
      output.say("No changes yet.")
      return
    }
    var table = TextTable(columns: [.init("#", .right), .init("TIME"), .init("CHANGE", .text)])
    // Where one time of the column has seconds, every time of it shows them.
    let seconds = entries.contains { TimestampFormat.hasSeconds($0.at, in: zone) }
    for entry in entries {
      var change = entry.description
      if entry.isSomeoneElses, let user = entry.user { change = "\(user): \(change)" }
      if !entry.edits.isEmpty {
        change +=
          ": "
          + entry.edits.map { edit in
            // A time moved to or from one with seconds shows them on both sides.
            let seconds = hasSeconds(edit.old) || hasSeconds(edit.new)
            return "\(edit.field) \(text(edit.old, seconds: seconds)) → "
              + text(edit.new, seconds: seconds)
          }
          .joined(separator: ", ")
      }
      if entry.isUndone { change += " (undone)" }
      table.append([
        String(entry.id), TimestampFormat.local(entry.at, in: zone, seconds: seconds), change,
      ])
    }
    output.write(table.render(width: width))
  }

  /// Whether `value` is a time with seconds in the listing's zone.
  private func hasSeconds(_ value: ValueEdit.Value) -> Bool {
    guard case .time(let time) = value else { return false }
    return TimestampFormat.hasSeconds(time, in: zone)
  }

  /// A value for people: notes quoted, what is not there in words.
  private func text(_ value: ValueEdit.Value, seconds: Bool = false) -> String {
    switch value {
    case .amount(let amount): AmountFormat.plain(amount)
    case .time(let time): TimestampFormat.local(time, in: zone, seconds: seconds)
    case .text(let text?): "'\(text)'"
    case .text(nil): "(none)"
    case .flag(let flag): flag ? "yes" : "no"
    case .name(let name): name
    case .count(let count?): String(count)
    case .count(nil): "default"
    case .goal(let goal?, let units): goal.description(units: units)
    case .goal(nil, _): "none"
    }
  }

  /// A value for a CSV field: amounts exact, times in ISO 8601, text guarded for spreadsheets,
  /// what is not there empty.
  private func csv(_ value: ValueEdit.Value) -> String {
    switch value {
    case .amount(let amount): AmountFormat.exact(amount)
    case .time(let time): TimestampFormat.iso8601(time, in: zone)
    case .text(let text): CSVWriter.text(text ?? "")
    case .flag(let flag): flag ? "yes" : "no"
    case .name(let name): name
    case .count(let count): count.map(String.init) ?? ""
    case .goal(let goal, let units): CSVWriter.text(goal?.description(units: units) ?? "")
    }
  }

  /// A value for JSON: amounts and decimals as numbers, reset marks as booleans, `null` for
  /// what is not there.
  private func json(_ value: ValueEdit.Value) -> JSONWriter.Value {
    switch value {
    case .amount(let amount): .amount(amount)
    case .time(let time): .string(TimestampFormat.iso8601(time, in: zone))
    case .text(let text): .optional(text)
    case .flag(let flag): .bool(flag)
    case .name(let name): .string(name)
    case .count(let count): count.map { .integer(Int64($0)) } ?? .null
    case .goal(let goal, let units): .optional(goal?.description(units: units))
    }
  }
}
