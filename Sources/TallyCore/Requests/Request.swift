public import Foundation

/// A change a person asks for: it reaches the database first and the state only once written.
///
/// Requests carry the time they were made (`at`), so that nothing downstream reads a clock.
/// New ids are not in them: the database assigns those, and the persistence middleware passes
/// on what was written as a ``Commit``.
public enum Request: Equatable, Sendable {
  case addProject(NewProject, at: Timestamp)
  case editProject(ProjectID, ProjectEdit, at: Timestamp)
  case deleteProject(ProjectID, at: Timestamp)
  case addReading(NewReading, at: Timestamp)
  case editReading(ReadingID, ReadingEdit, at: Timestamp)
  case deleteReading(ReadingID, at: Timestamp)
  /// Starts the project's timer at `since`, or at `at` when it is `nil` (`timer start --at`),
  /// with the note and tags its readings are to carry.
  case startTimer(
    ProjectID, note: String? = nil, tags: [String] = [], at: Timestamp, since: Timestamp? = nil)
  /// Stops the timer at `until` (or `at`) and records the elapsed time: one reading per day of
  /// `zone` that the run touched, with the note given (or else the timer's, or "timer") and the
  /// timer's tags with those given.
  case stopTimer(
    ProjectID, note: String? = nil, at: Timestamp, zone: TimeZone = .gmt, tags: [String] = [],
    until: Timestamp? = nil)
  /// Stops the timers of `stopping` at `until` (or `at`), each recorded with its own note and
  /// tags, and starts the project's at that same instant with the note and tags given: one
  /// change.
  case switchTimer(
    to: ProjectID, stopping: [ProjectID], note: String? = nil, at: Timestamp, zone: TimeZone = .gmt,
    tags: [String] = [], until: Timestamp? = nil)
  /// Records an interval that is over, `from` to `to`, as a stopped timer records its run:
  /// one reading per day of `zone`, with the note given or "tracked" and the tags given.
  case trackTime(
    ProjectID, from: Timestamp, to: Timestamp, note: String? = nil, tags: [String] = [],
    at: Timestamp, zone: TimeZone = .gmt)
  /// Stops the timer and records nothing.
  case cancelTimer(ProjectID, at: Timestamp)
  /// Takes out the readings an import brought in.
  case undoImport(ImportBatchID, at: Timestamp)
  /// Reverts the latest change that is not undone; the history records it at `at`.
  case undo(at: Timestamp)
  /// Applies the latest undone change again; the history records it at `at`.
  case redo(at: Timestamp)
}

/// A project to create.
public struct NewProject: Equatable, Sendable {
  public var title: String
  public var units: String
  public var frequency: Frequency
  public var kind: ProjectKind
  /// Decimal places shown to people; `nil` for the default.
  public var decimals: Int?
  /// The goal to set from the start, if any.
  public var goal: Goal?
  /// The instant the goal judges from (`--goal-since`); `nil` judges every period.
  public var goalSince: Timestamp?
  /// The group to put it in, if any.
  public var group: String?

  /// Describes a project to create.
  public init(
    title: String, units: String = "", frequency: Frequency, kind: ProjectKind = .total,
    decimals: Int? = nil, goal: Goal? = nil, goalSince: Timestamp? = nil, group: String? = nil
  ) {
    self.title = title
    self.units = units
    self.frequency = frequency
    self.kind = kind
    self.decimals = decimals
    self.goal = goal
    self.goalSince = goalSince
    self.group = group
  }
}

/// A new value for an optional field, or its removal.
public enum FieldEdit<Value: Equatable & Sendable>: Equatable, Sendable {
  case set(Value)
  case remove

  /// The value it sets, or `nil` for a removal.
  public var value: Value? {
    switch self {
    case .set(let value): value
    case .remove: nil
    }
  }
}

/// Changes to a project; `nil` fields stay as they are.
public struct ProjectEdit: Equatable, Sendable {
  public var title: String?
  public var units: String?
  public var frequency: Frequency?
  public var kind: ProjectKind?
  public var decimals: FieldEdit<Int>?
  /// A new goal, or its removal; the goals before stay in the project's history.
  public var goal: FieldEdit<Goal>?
  /// The instant the new goal (or the current one, without a new one) judges from
  /// (`--goal-since`); `nil`: the period it is set in, or every period for a first goal.
  public var goalSince: Timestamp?
  /// A new group, or taking the project out of its group.
  public var group: FieldEdit<String>?

  /// Describes changes to a project.
  public init(
    title: String? = nil, units: String? = nil, frequency: Frequency? = nil,
    kind: ProjectKind? = nil, decimals: FieldEdit<Int>? = nil, goal: FieldEdit<Goal>? = nil,
    goalSince: Timestamp? = nil, group: FieldEdit<String>? = nil
  ) {
    self.title = title
    self.units = units
    self.frequency = frequency
    self.kind = kind
    self.decimals = decimals
    self.goal = goal
    self.goalSince = goalSince
    self.group = group
  }
}

/// A reading to add.
public struct NewReading: Equatable, Sendable {
  public var projectID: ProjectID
  public var amount: Double
  public var timestamp: Timestamp
  public var note: String?
  /// For a meter: the dial was reset or replaced, so this reading may be lower than the last.
  public var isReset: Bool
  /// Its tags (see ``Tags``).
  public var tags: [String]

  /// Describes a reading to add.
  public init(
    projectID: ProjectID, amount: Double, timestamp: Timestamp, note: String? = nil,
    isReset: Bool = false, tags: [String] = []
  ) {
    self.projectID = projectID
    self.amount = amount
    self.timestamp = timestamp
    self.note = note
    self.isReset = isReset
    self.tags = tags
  }
}

/// Changes to a reading; `nil` fields stay as they are, and an empty note removes the note.
public struct ReadingEdit: Equatable, Sendable {
  public var amount: Double?
  public var timestamp: Timestamp?
  public var note: String?
  /// Marks or unmarks the reading as a meter reset.
  public var isReset: Bool?
  /// Tags that replace the reading's (`--tag`; empty removes them all); `nil` keeps them.
  public var tags: [String]?
  /// Tags to add to the reading's (`--add-tag`).
  public var addedTags: [String]
  /// Tags to take off the reading (`--remove-tag`).
  public var removedTags: [String]

  /// Describes changes to a reading.
  public init(
    amount: Double? = nil, timestamp: Timestamp? = nil, note: String? = nil,
    isReset: Bool? = nil, tags: [String]? = nil, addedTags: [String] = [],
    removedTags: [String] = []
  ) {
    self.amount = amount
    self.timestamp = timestamp
    self.note = note
    self.isReset = isReset
    self.tags = tags
    self.addedTags = addedTags
    self.removedTags = removedTags
  }

  /// The tags a reading that carries `tags` carries after the edit: replaced, then added to,
  /// then taken off; sorted, without repeats.
  public func tags(after tags: [String]) -> [String] {
    Set(self.tags ?? tags).union(addedTags).subtracting(removedTags).sorted()
  }
}
