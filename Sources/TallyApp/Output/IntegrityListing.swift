public import TallyCore

extension IntegrityReport {
  /// What `tally check` prints: one line per problem, or one line that says all checks hold.
  ///
  /// The line that all hold says what was checked. A problem names what others wrote (a project's title, SQLite's
  /// words on damage): its control characters are shown as escapes, never sent to a terminal.
  ///
  /// A note (see ``IntegrityProblem/isNote``) follows, on a line of its own that starts with
  /// `Note:`, whether the checks hold or not.
  public var lines: [String] {
    let notes = problems.filter(\.isNote).map { "Note: " + VisibleText.escaped($0.description) }
    guard holds else {
      return problems.filter { !$0.isNote }.map { VisibleText.escaped($0.description) } + notes
    }
    var checked: [String] = []
    if checksFile { checked.append("SQLite's integrity check") }
    checked.append("the counters, rollups and meter readings of \(Self.count(projects, "project"))")
    checked.append(Self.count(journalEntries, "journal entry", plural: "journal entries"))
    if checksFile { checked.append("the files' modes") }
    return ["All checks hold for \(database): \(checked.joined(separator: ", "))."] + notes
  }

  private static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
  }
}
