/// A project's counters as stored, beside what its readings say: the figures `tally check`
/// compares on every backend.
///
/// Every write keeps a project's `readingCount` and `lastReadingAt` equal to its readings, so
/// the project list needs no scan of them; and a meter's readings never fall without a reset.
public struct CountedProject: Equatable, Sendable {
  /// The project with its counters as stored.
  public var summary: ProjectSummary
  /// How many readings it holds.
  public var count: Int
  /// The time of its latest reading, if it has one.
  public var lastReadingAt: Timestamp?
  /// For a meter, its first reading lower than the one before it without a reset mark.
  public var fall: MeterFall?

  /// Describes a project's figures.
  public init(
    summary: ProjectSummary, count: Int, lastReadingAt: Timestamp?, fall: MeterFall? = nil
  ) {
    self.summary = summary
    self.count = count
    self.lastReadingAt = lastReadingAt
    self.fall = fall
  }

  /// What does not hold.
  public var problems: [IntegrityProblem] {
    let project = summary.project
    var problems: [IntegrityProblem] = []
    if summary.readingCount != count {
      problems.append(
        .readingCount(project: project.title, stored: summary.readingCount, counted: count))
    }
    if summary.lastReadingAt != lastReadingAt {
      problems.append(
        .lastReading(
          project: project.title, stored: summary.lastReadingAt, counted: lastReadingAt))
    }
    if project.kind == .meter, let fall {
      problems.append(.meterFall(project, fall))
    }
    return problems
  }
}
