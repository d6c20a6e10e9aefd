import Foundation
import TallyCore
import TallyReports

/// A reading's history (`tally item show`) in each list format: one row per change, oldest
/// first, with the values before and after.
///
/// CSV header: `id,at,step,change,user,import,file,old_amount,new_amount,old_timestamp,`
/// `new_timestamp,old_note,new_note,old_reset,new_reset`; JSON has the same keys.
struct ReadingHistoryListing {
  static let header = [
    "id", "at", "step", "change", "user", "import", "file", "old_amount", "new_amount",
    "old_timestamp", "new_timestamp", "old_note", "new_note", "old_reset", "new_reset",
  ]

  let history: ReadingHistory
  /// The title of the reading's project, if it is known.
  let projectTitle: String?
  /// The import the reading came from, if one did and it is listed.
  let batch: ImportBatch?
  /// Since when the history holds every change, when not from the start.
  let completeSince: Timestamp?
  let zone: TimeZone
  let width: Int?

  func write(_ format: ListFormat, to output: OutputBuffer) {
    switch format {
    case .table: writeTable(to: output)
    case .csv:
      output.write(CSVWriter.line(Self.header))
      for step in history.steps { output.write(CSVWriter.line(csvFields(step))) }
    case .json:
      let objects = history.steps.map { JSONWriter.object(Array(zip(Self.header, jsonValues($0)))) }
      output.write(objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n")
    }
  }

  private var importID: String { batch.map { $0.id.description } ?? "" }

  private func csvFields(_ step: ReadingHistory.Step) -> [String] {
    [
      history.id.description, TimestampFormat.iso8601(step.at, in: zone), Self.step(step.action),
      step.kind.rawValue, CSVWriter.text(step.user ?? ""), importID,
      CSVWriter.text(batch?.fileName ?? ""),
      step.before.map { AmountFormat.exact($0.amount) } ?? "",
      step.after.map { AmountFormat.exact($0.amount) } ?? "",
      step.before.map { TimestampFormat.iso8601($0.timestamp, in: zone) } ?? "",
      step.after.map { TimestampFormat.iso8601($0.timestamp, in: zone) } ?? "",
      CSVWriter.text(step.before?.note ?? ""), CSVWriter.text(step.after?.note ?? ""),
      step.before.map { $0.isReset ? "yes" : "no" } ?? "",
      step.after.map { $0.isReset ? "yes" : "no" } ?? "",
    ]
  }

  private func jsonValues(_ step: ReadingHistory.Step) -> [JSONWriter.Value] {
    func time(_ reading: Reading?) -> JSONWriter.Value {
      reading.map { .string(TimestampFormat.iso8601($0.timestamp, in: zone)) } ?? .null
    }
    return [
      .integer(history.id.rawValue), .string(TimestampFormat.iso8601(step.at, in: zone)),
      .string(Self.step(step.action)), .string(step.kind.rawValue), .optional(step.user),
      batch.map { .integer($0.id.rawValue) } ?? .null, .optional(batch?.fileName),
      step.before.map { .amount($0.amount) } ?? .null,
      step.after.map { .amount($0.amount) } ?? .null, time(step.before), time(step.after),
      step.before.map { .optional($0.note) } ?? .null,
      step.after.map { .optional($0.note) } ?? .null,
      step.before.map { .bool($0.isReset) } ?? .null, step.after.map { .bool($0.isReset) } ?? .null,
    ]
  }

  /// `change`, `undo` or `redo`.
  static func step(_ action: HistoryEvent.Action) -> String {
    switch action {
    case .did: "change"
    case .undid: "undo"
    case .redid: "redo"
    }
  }

  private func writeTable(to output: OutputBuffer) {
    let reading = history.reading
    var heading = "Reading \(history.id) of \(projectTitle ?? "project \(reading.projectID)")"
    if let batch { heading += ", from import \(batch.id) (\(batch.fileName))" }
    heading += history.isPresent ? "" : "; not among the readings now"
    output.say(VisibleText.escaped(heading))
    guard !history.steps.isEmpty else {
      output.say(
        "No change to it is in the history"
          + (completeSince.map { ", which begins at " + TimestampFormat.local($0, in: zone) }
            ?? "") + ".")
      return
    }
    let showsUser = history.steps.contains { $0.user != nil }
    var columns: [TextTable.Column] = [
      .init("TIME"), .init("CHANGE"), .init("AMOUNT", .right), .init("READ AT"),
      .init("NOTE", .text),
    ]
    if showsUser { columns.insert(.init("BY", .text), at: 2) }
    var table = TextTable(columns: columns)
    // Where one time of a column has seconds, every time of it shows them.
    let stepSeconds = history.steps.contains { TimestampFormat.hasSeconds($0.at, in: zone) }
    let readAtSeconds = history.steps.contains { step in
      [step.before, step.after].contains { reading in
        reading.map { TimestampFormat.hasSeconds($0.timestamp, in: zone) } ?? false
      }
    }
    for step in history.steps {
      var row = [
        TimestampFormat.local(step.at, in: zone, seconds: stepSeconds),
        step.kind.rawValue + (step.action == .did ? "" : " (\(Self.step(step.action)))"),
        change(step) { AmountFormat.plain($0.amount) + ($0.isReset ? " (reset)" : "") },
        change(step) { TimestampFormat.local($0.timestamp, in: zone, seconds: readAtSeconds) },
        change(step) { $0.note ?? "" },
      ]
      if showsUser { row.insert(step.user ?? "", at: 2) }
      table.append(row)
    }
    output.write(table.render(width: width))
  }

  /// A field before and after the step: `old → new` where it changed, else its value.
  private func change(_ step: ReadingHistory.Step, _ field: (Reading) -> String) -> String {
    let before = step.before.map(field)
    let after = step.after.map(field)
    switch (before, after) {
    case (let before?, let after?) where before != after: return "\(before) → \(after)"
    case (_, let after?): return after
    case (let before?, nil): return before
    default: return ""
    }
  }
}
