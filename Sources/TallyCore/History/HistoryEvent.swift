/// One change as it was applied, kept in the history that looks back (`report --as-of`,
/// `item show`): every change, undo and redo, in the order they were made.
///
/// The journal behind `undo` is a stack that forgets: an undone change that is not redone is
/// dropped at the next change. The history keeps each step, so that the state at any instant
/// since it began is the present with the later steps reverted, newest first.
public struct HistoryEvent: Equatable, Sendable {
  /// What kind of step it was.
  public enum Action: String, Sendable, CaseIterable {
    /// A change made as such.
    case did
    /// An undo: ``HistoryEvent/change`` is the inverse of the change undone.
    case undid
    /// A redo of a change undone before.
    case redid
  }

  /// Its position in the history.
  public var id: Int64
  /// When it was made.
  public var at: Timestamp
  /// A change, an undo or a redo.
  public var action: Action
  /// What it did, for people (the journal's description of the change).
  public var description: String
  /// The change as it was applied: for an undo, the inverse of the change undone.
  public var change: Change
  /// Who made it, on a shared server (the role); `nil` on SQLite.
  public var user: String?

  /// Creates an event.
  public init(
    id: Int64, at: Timestamp, action: Action, description: String, change: Change,
    user: String? = nil
  ) {
    self.id = id
    self.at = at
    self.action = action
    self.description = description
    self.change = change
    self.user = user
  }
}
