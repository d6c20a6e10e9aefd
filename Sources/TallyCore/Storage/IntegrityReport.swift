/// What `tally check` looked at in a database, and what it found wrong.
public struct IntegrityReport: Equatable, Sendable {
  /// The database, as messages name it (a path, or a server's URL without its password).
  public var database: String
  /// What was found wrong; none when every check holds.
  public var problems: [IntegrityProblem]
  /// How many projects' counters and meter readings were checked.
  public var projects: Int
  /// How many journal entries were read.
  public var journalEntries: Int
  /// Whether the file itself was checked: SQLite's integrity check and the files' modes.
  public var checksFile: Bool

  /// Creates a report.
  public init(
    database: String, problems: [IntegrityProblem] = [], projects: Int = 0,
    journalEntries: Int = 0, checksFile: Bool
  ) {
    self.database = database
    self.problems = problems
    self.projects = projects
    self.journalEntries = journalEntries
    self.checksFile = checksFile
  }

  /// Whether every check holds: nothing was found but notes.
  public var holds: Bool { problems.allSatisfy(\.isNote) }
}

/// A storage that checks itself for `tally check`: the rules every backend keeps (each
/// project's counters, a meter's readings counting up, a journal undo can read), and what only
/// it can check.
public protocol StorageChecking: Storage {
  /// Checks the stored data, in one read that sees one state of it.
  ///
  /// - Returns: What was checked and found; a problem is a finding, not an error.
  /// - Throws: ``TallyError`` when the data cannot be read at all.
  func checkIntegrity() throws(TallyError) -> IntegrityReport

  /// Sums every project's rollups again from its readings and counts its readings again (the
  /// reading counter, the last reading's time), in one transaction: the repair for what
  /// `checkIntegrity()` finds differing after another program changed the readings past tally.
  ///
  /// - Returns: How many projects were summed and counted again (on a shared server, those
  ///   the person may change).
  func repair() throws(TallyError) -> Int
}
