/// One value a change edited in place: a reading's amount, time, note or reset mark, or a
/// project's title, units, frequency, kind, decimals, goal or group, before and after.
///
/// `tally log` lists them beside a change (`amount 40 → 42.5`). Only edits show: a reading
/// added or deleted, or a project's time of change, are not values edited in place.
public struct ValueEdit: Equatable, Sendable {
  /// A value as stored, typed so that each output writes it its own way.
  public enum Value: Equatable, Sendable {
    case amount(Double)
    case time(Timestamp)
    /// A note, title, units or group; `nil` when there is none (a note or group removed).
    case text(String?)
    case flag(Bool)
    /// A frequency or kind, by its command-line name.
    case name(String)
    /// Decimals; `nil` for the default.
    case count(Int?)
    /// A goal with the project's units; `nil` when there is none.
    case goal(Goal?, units: String)
  }

  /// The field's name, as the CSV and JSON of `log` write it: `amount`, `time`, `note`,
  /// `reset`, `tags`, `title`, `units`, `frequency`, `kind`, `decimals`, `goal`, `group`.
  public var field: String
  /// The value before the change.
  public var old: Value
  /// The value after it.
  public var new: Value

  /// Creates an edit.
  public init(field: String, old: Value, new: Value) {
    self.field = field
    self.old = old
    self.new = new
  }

  /// The values `change` edited in place, in the order it made them (a batch's parts in
  /// order; a reading's fields as `item edit` names them, then a project's).
  public static func edits(of change: Change) -> [ValueEdit] {
    switch change {
    case .updateReading(let before, let after): readingEdits(before, after)
    case .updateProject(let before, let after): projectEdits(before, after)
    case .batch(let changes): changes.flatMap(edits(of:))
    default: []
    }
  }

  private static func readingEdits(_ before: Reading, _ after: Reading) -> [ValueEdit] {
    var edits: [ValueEdit] = []
    func add(_ field: String, _ old: Value, _ new: Value) {
      if old != new { edits.append(ValueEdit(field: field, old: old, new: new)) }
    }
    add("amount", .amount(before.amount), .amount(after.amount))
    add("time", .time(before.timestamp), .time(after.timestamp))
    add("note", .text(before.note), .text(after.note))
    add("reset", .flag(before.isReset), .flag(after.isReset))
    add(
      "tags", .text(before.tags.isEmpty ? nil : Tags.listed(before.tags)),
      .text(after.tags.isEmpty ? nil : Tags.listed(after.tags)))
    return edits
  }

  private static func projectEdits(_ before: Project, _ after: Project) -> [ValueEdit] {
    var edits: [ValueEdit] = []
    func add(_ field: String, _ old: Value, _ new: Value) {
      if old != new { edits.append(ValueEdit(field: field, old: old, new: new)) }
    }
    add("title", .text(before.title), .text(after.title))
    add("units", .text(before.units), .text(after.units))
    add("frequency", .name(before.frequency.rawValue), .name(after.frequency.rawValue))
    add("kind", .name(before.kind.rawValue), .name(after.kind.rawValue))
    add("decimals", .count(before.decimals), .count(after.decimals))
    if before.goal != after.goal {
      edits.append(
        ValueEdit(
          field: "goal", old: .goal(before.goal, units: before.units),
          new: .goal(after.goal, units: after.units)))
    }
    add("group", .text(before.group), .text(after.group))
    return edits
  }
}
