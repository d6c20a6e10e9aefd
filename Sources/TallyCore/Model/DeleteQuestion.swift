public import Foundation

/// What tally asks before it deletes, the same from the REPL and from a subcommand.
public enum DeleteQuestion {
  /// The question before deleting a project: "Delete project Mileage and its 12 readings?".
  public static func project(_ summary: ProjectSummary) -> String {
    let count = summary.readingCount
    return
      "Delete project \(summary.project.title) and its \(count) reading\(count == 1 ? "" : "s")?"
  }

  /// The question before deleting a reading: "Delete reading #12 of Mileage: 42.5 km at …?".
  public static func reading(_ reading: Reading, of project: Project, zone: TimeZone) -> String {
    let amount = project.shownWithUnits(reading.amount)
    return "Delete reading #\(reading.id) of \(project.title): \(amount) at "
      + "\(TimestampFormat.local(reading.timestamp, in: zone))?"
  }
}
