/// Something `tally check` found wrong with a database, said so that a person can act on it.
public enum IntegrityProblem: Equatable, Sendable, CustomStringConvertible {
  /// SQLite's integrity check found damage; its own words, on one line.
  case damage(String)
  /// A row refers to a row of `parent` that is not there (SQLite's foreign key check).
  case danglingReference(table: String, row: Int64, parent: String)
  /// A project's row cannot be read: a frequency, kind or goal this tally does not know.
  case unreadableProject(id: Int64, reason: String)
  /// A project's stored reading counter differs from the readings it holds.
  case readingCount(project: String, stored: Int, counted: Int)
  /// A project's stored time of its last reading differs from its readings'.
  case lastReading(project: String, stored: Timestamp?, counted: Timestamp?)
  /// A meter's reading is lower than the one before it and not marked as a reset.
  case meterFall(Project, MeterFall)
  /// A journal entry cannot be read, so undo cannot take its change back.
  case unreadableJournalEntry(id: Int64, description: String)
  /// A step of the history cannot be read, so no report as of a time before it can be made.
  case unreadableHistoryStep(id: Int64, description: String)
  /// A database file or its folder that other users may read or change.
  case openToOthers(path: String, mode: UInt32, isFolder: Bool)
  /// A project on a shared server that nobody owns: nobody may share it, change its settings
  /// or delete it.
  case ownerless(project: String)
  /// A project's rollups (the stored figures of its quarters and days, which reports add up)
  /// differ from its readings: `difference` says where first.
  case rollups(project: String, difference: RollupDifference)
  /// A reading that carries more tags than a reading takes (``Tags/most``): written past tally.
  case tooManyTags(reading: Int64, project: String, count: Int)

  public var description: String {
    switch self {
    case .damage(let words):
      "SQLite found damage: \(words)"
    case .danglingReference(let table, let row, let parent):
      "\(table) \(row) refers to a \(parent) that is not there"
    case .unreadableProject(let id, let reason):
      "project \(id) cannot be read: \(reason)"
    case .readingCount(let project, let stored, let counted):
      "\(project): the project's counter says \(stored) readings, but it holds \(counted)"
    case .lastReading(let project, let stored, let counted):
      "\(project): the project's last reading time says \(stored.map(String.init) ?? "none"), "
        + "but its last reading is at \(counted.map(String.init) ?? "none")"
    case .meterFall(let project, let fall):
      "\(project.title): \(MeterRule.describe(fall, in: project)), and it is not marked as a "
        + "reset"
    case .unreadableJournalEntry(let id, let description):
      "journal entry \(id) (\(description)) cannot be read, so undo cannot take it back"
    case .unreadableHistoryStep(let id, let description):
      "history step \(id) (\(description)) cannot be read, so no report --as-of a time before "
        + "it can be made"
    case .openToOthers(let path, let mode, let isFolder):
      Self.openness(path: path, mode: mode, isFolder: isFolder)
    case .ownerless(let project):
      "\(project): nobody owns the project (its owner's grant was taken away past tally), so "
        + "nobody may share, change or delete it"
    case .rollups(let project, let difference):
      "\(project): \(difference)"
    case .tooManyTags(let reading, let project, let count):
      "\(project): reading \(reading) carries \(count) tags; a reading takes \(Tags.most)"
    }
  }

  /// Whether it is only worth knowing, not wrong.
  ///
  /// A folder others may list, as most home folders are, shows the database's name but none
  /// of its data. `tally check` says it and still exits 0, so that a cron job does not cry
  /// wolf.
  public var isNote: Bool {
    if case .openToOthers(_, _, let isFolder) = self { return isFolder }
    return false
  }

  private static func openness(path: String, mode: UInt32, isFolder: Bool) -> String {
    let octal = "0" + String(mode & 0o777, radix: 8)
    let reads = mode & 0o044 != 0
    let writes = mode & 0o022 != 0
    let may =
      isFolder
      ? "other users can list it"
      : reads && writes
        ? "other users can read and change it"
        : reads
          ? "other users can read it"
          : "other users can change it"
    let subject = isFolder ? "the folder \(path)" : path
    return "\(subject) has mode \(octal): \(may) (chmod \(isFolder ? "700" : "600") it)"
  }
}
