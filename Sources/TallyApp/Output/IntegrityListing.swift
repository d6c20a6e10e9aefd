public import TallyCore

extension IntegrityReport {
  /// What `tally check` prints: one line per problem, or one line that says every check holds
  /// and what was checked.
  public var lines: [String] {
    guard holds else { return problems.map(\.description) }
    var checked: [String] = []
    if checksFile { checked.append("SQLite's integrity check") }
    checked.append("the counters, rollups and meter readings of \(Self.count(projects, "project"))")
    checked.append(Self.count(journalEntries, "journal entry", plural: "journal entries"))
    if checksFile { checked.append("the files' modes") }
    return ["All checks hold for \(database): \(checked.joined(separator: ", "))."]
  }

  private static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
  }
}
