/// A reading's history, for `tally item show`: each change to it, oldest first, with its
/// values before and after, found by walking back from the reading as it is now.
public struct ReadingHistory: Equatable, Sendable {
  /// What a change did to the reading.
  public enum Kind: String, Sendable {
    /// Added by hand (or by a timer).
    case added
    /// Brought in by an import.
    case imported
    /// Its amount, time, note or reset mark changed.
    case edited
    /// Deleted.
    case deleted
    /// Taken out with its import (`import undo`, or undo of the import).
    case importUndone = "import undone"
    /// Brought back with its import.
    case importRestored = "import restored"
    /// Taken out with its deleted project.
    case projectDeleted = "project deleted"
    /// Brought back with its project.
    case projectRestored = "project restored"
  }

  /// One change to the reading.
  public struct Step: Equatable, Sendable {
    /// When it was made.
    public var at: Timestamp
    /// What it did to the reading.
    public var kind: Kind
    /// Whether it was a change, an undo or a redo.
    public var action: HistoryEvent.Action
    /// The reading before (`nil`: not among the readings).
    public var before: Reading?
    /// The reading after (`nil`: not among the readings).
    public var after: Reading?
    /// Who made it, on a shared server.
    public var user: String?
  }

  /// The reading's id.
  public var id: ReadingID
  /// The reading as it is now, or as it was last (deleted, or held aside).
  public var reading: Reading
  /// Whether it is among the readings now.
  public var isPresent: Bool
  /// Its changes, oldest first.
  public var steps: [Step]

  /// The history of reading `id`; `nil` when neither the readings nor the history know it.
  public static func of(_ id: ReadingID, over reader: any HistoryReader) throws -> ReadingHistory? {
    let current = try reader.reading(id)
    var walk = Walk(id: id, value: current, held: try reader.setAsideReading(id))
    for event in try reader.events(concerning: id).reversed() {
      walk.revert(event.change, of: event)
    }
    guard let last = walk.known else { return nil }
    return ReadingHistory(
      id: id, reading: last, isPresent: current != nil, steps: walk.steps.reversed())
  }
}

/// The walk back through a reading's changes, newest first.
private struct Walk {
  let id: ReadingID
  /// The reading among the readings at the point reached.
  var value: Reading?
  /// The reading held aside at the point reached.
  var held: Reading?
  /// The latest value seen: the reading's project and import.
  var known: Reading?
  /// The steps found, newest first.
  var steps: [ReadingHistory.Step] = []

  init(id: ReadingID, value: Reading?, held: Reading?) {
    self.id = id
    self.value = value
    self.held = held
    known = value ?? held
  }

  mutating func revert(_ change: Change, of event: HistoryEvent) {
    switch change {
    case .batch(let changes):
      for change in changes.reversed() { revert(change, of: event) }
    case .insertReadings(let readings):
      guard let reading = readings.first(where: { $0.id == id }) else { return }
      record(.added, before: nil, after: reading, event)
    case .deleteReadings(let readings):
      guard let reading = readings.first(where: { $0.id == id }) else { return }
      record(.deleted, before: reading, after: nil, event)
    case .updateReading(let before, let after) where before.id == id || after.id == id:
      record(
        .edited, before: before.id == id ? before : nil, after: after.id == id ? after : nil,
        event)
    case .restoreImport(let batch) where known?.batchID == batch.id:
      guard let after = value else { return }
      record(event.action == .did ? .imported : .importRestored, before: nil, after: after, event)
      held = after
    case .setAsideImport(let batch) where known?.batchID == batch.id:
      guard let before = held else { return }
      record(.importUndone, before: before, after: nil, event)
      held = nil
    case .restoreReadings(let project) where known?.projectID == project:
      guard let after = value else { return }
      record(.projectRestored, before: nil, after: after, event)
      held = after
    case .setAsideReadings(let project) where known?.projectID == project:
      guard let before = held else { return }
      record(.projectDeleted, before: before, after: nil, event)
      held = nil
    default:
      break
    }
  }

  /// Records a step and goes back to the value before it.
  private mutating func record(
    _ kind: ReadingHistory.Kind, before: Reading?, after: Reading?, _ event: HistoryEvent
  ) {
    steps.append(
      ReadingHistory.Step(
        at: event.at, kind: kind, action: event.action, before: before, after: after,
        user: event.user))
    if known == nil { known = after ?? before }
    value = before
  }
}
