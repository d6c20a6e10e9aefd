import Foundation
import TallyCore
import TallyStorage

/// What an import tells a person on standard error.
struct ImportReport {
  let outcome: ImportOutcome
  let fileName: String
  let dryRun: Bool
  let skipInvalid: Bool
  let zone: TimeZone

  func print() {
    if dryRun {
      Messages.say(
        "Dry run of \(fileName) into \(outcome.projectTitle): \(outcome.imported) new, "
          + "\(outcome.duplicates) already stored, \(outcome.invalidCount) invalid; "
          + "nothing was written")
      for row in outcome.firstDuplicates {
        Messages.say(
          "  already stored: line \(row.line): \(TimestampFormat.iso8601(row.timestamp, in: zone))"
            + " \(AmountFormat.plain(row.amount))" + (row.note.map { " '\($0)'" } ?? ""))
      }
      for problem in outcome.problems.prefix(5) {
        Messages.say("  invalid: \(problem)")
      }
      if outcome.invalidCount > 5 {
        Messages.say("  and \(outcome.invalidCount - 5) more invalid row(s)")
      }
      return
    }
    if skipInvalid {
      for problem in outcome.problems {
        Messages.say("Skipped \(fileName), \(problem)")
      }
    }
    Messages.say(outcome.message)
  }
}
