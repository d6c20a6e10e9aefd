import Foundation
import TallyCore

/// What an import tells a person: the outcome, and the rows that were left out.
struct ImportReport {
  let outcome: ImportOutcome
  let fileName: String
  let skipInvalid: Bool
  let zone: TimeZone

  /// The lines to say, in order.
  var lines: [String] {
    var lines: [String] = []
    if outcome.dryRun {
      lines.append(outcome.message(fileName: fileName))
      for row in outcome.firstDuplicates {
        lines.append(
          "  already stored: line \(row.line): \(TimestampFormat.iso8601(row.timestamp, in: zone))"
            + " \(AmountFormat.plain(row.amount))"
            + (row.note.map { " " + VisibleText.quoted($0) } ?? ""))
      }
      let moreDuplicates = outcome.duplicates - outcome.firstDuplicates.count
      if moreDuplicates > 0 {
        lines.append("  and \(moreDuplicates) more already stored")
      }
      for problem in outcome.problems.prefix(InvalidRows.kept) {
        lines.append("  invalid: \(problem)")
      }
      if outcome.invalidCount > InvalidRows.kept {
        lines.append("  and \(outcome.invalidCount - InvalidRows.kept) more invalid row(s)")
      }
      return lines
    }
    if skipInvalid {
      for problem in outcome.problems {
        lines.append("Skipped \(fileName), \(problem)")
      }
    }
    lines.append(outcome.message(fileName: fileName))
    return lines
  }
}
