public import Foundation

/// The stored data as it stood at an instant: the present, with every change made after the
/// instant reverted, newest first.
///
/// It costs what changed since: only the readings and projects those changes name are held,
/// each with its value then and now; every other reading is as it is now. A change that took
/// readings out or brought them back as a whole (an import, its undo, a project's deletion)
/// names them through the storage: the readings it brought in, or those it holds aside.
public struct Rewind {
  /// The instant looked back to.
  public let instant: Timestamp
  /// The zone messages show times in.
  private let zone: TimeZone
  /// The readings that changed after the instant: their value then (`nil`: not there).
  public private(set) var then: [ReadingID: Reading?] = [:]
  /// The same readings' values now (`nil`: not among the readings now).
  public private(set) var now: [ReadingID: Reading?] = [:]
  /// The projects that changed after the instant: as they were then (`nil`: not there).
  public private(set) var projectsThen: [ProjectID: Project?] = [:]
  /// The readings held aside at the point reached, by label, where a reverted change moved
  /// them; the storage's set-aside readings for the others.
  private var held: [String: [Reading]] = [:]

  /// Reverts the changes after `instant` that `reader` holds.
  ///
  /// - Throws: ``TallyError`` when the history does not reach back to the instant, or no
  ///   longer holds readings a change took out; what the reader throws.
  public init(to instant: Timestamp, over reader: any HistoryReader, zone: TimeZone) throws {
    self.instant = instant
    self.zone = zone
    if let since = try reader.completeSince(), instant < since {
      throw TallyError(
        .invalidInput,
        "tally's history of changes begins at \(TimestampFormat.iso8601(since, in: zone)), after "
          + "the instant asked for (\(TimestampFormat.iso8601(instant, in: zone))); the data before it cannot be told",
        hint: "Ask for an instant after the history began (a database made by an older tally, "
          + "or restored from a copy, has one only since).")
    }
    for event in try reader.events(after: instant).reversed() {
      try revert(event.change, of: event, over: reader)
    }
  }

  /// The projects as they were at the instant, by title.
  public func projects(now current: [Project]) -> [Project] {
    var byID = Dictionary(current.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for (id, project) in projectsThen { byID[id] = project }
    return byID.values.sorted { $0.title < $1.title }
  }

  /// What differs in `project`'s readings between the instant and now: the ids of the
  /// readings now that were otherwise (or not there) then, and the readings then that are
  /// otherwise (or not there) now.
  public func differences(of project: ProjectID) -> ReadingDifferences {
    var differences = ReadingDifferences()
    for (id, value) in then {
      let current = now[id] ?? nil
      guard value != current else { continue }
      if let current, current.projectID == project { differences.replaced[id] = current }
      if let value, value.projectID == project { differences.added.append(value) }
    }
    differences.added.sort { ReadingOrder.Key($0) < ReadingOrder.Key($1) }
    return differences
  }

  // MARK: Reverting

  private mutating func revert(
    _ change: Change, of event: HistoryEvent, over reader: any HistoryReader
  ) throws {
    switch change {
    case .batch(let changes):
      for change in changes.reversed() { try revert(change, of: event, over: reader) }
    case .insertProject(let project):
      projectsThen[project.id] = .some(nil)
    case .deleteProject(let project):
      projectsThen[project.id] = .some(project)
    case .updateProject(let before, _):
      projectsThen[before.id] = .some(before)
    case .insertReadings(let readings):
      for reading in readings { set(reading.id, to: nil, now: reading) }
    case .deleteReadings(let readings):
      for reading in readings { set(reading.id, to: reading, now: nil) }
    case .updateReading(let before, let after):
      if before.id != after.id { set(after.id, to: nil, now: after) }
      set(before.id, to: before, now: after)
    case .startTimer, .stopTimer:
      break
    case .restoreImport(let batch):
      let present = try presentReadings(
        { $0.batchID == batch.id }, stored: { try reader.readings(of: batch) })
      setAside(present, as: Change.setAsideLabel(of: batch))
    case .restoreReadings(let project):
      let present = try presentReadings(
        { $0.projectID == project }, stored: { try reader.readings(of: project) })
      setAside(present, as: Change.setAsideLabel(of: project))
    case .setAsideImport(let batch):
      let label = Change.setAsideLabel(of: batch)
      let readings = try held[label] ?? reader.setAsideReadings(heldFor: label)
      if readings.isEmpty, batch.readingIDs != nil {
        throw TallyError(
          .notFound,
          "the readings of import \(batch.id) (\(VisibleText.quoted(batch.fileName))), undone at "
            + "\(TimestampFormat.iso8601(event.at, in: zone)), are no longer kept, so the data before cannot be told",
          hint: "tally keeps an undone import's readings only while undo or redo can bring "
            + "them back.")
      }
      bringBack(readings, from: label)
    case .setAsideReadings(let project):
      let label = Change.setAsideLabel(of: project)
      bringBack(try held[label] ?? reader.setAsideReadings(heldFor: label), from: label)
    }
  }

  /// Sets the value of reading `id` at the point reached; `now` is its value now, if this
  /// is the latest change to it.
  private mutating func set(_ id: ReadingID, to value: Reading?, now current: Reading?) {
    if then[id] == nil { now[id] = .some(current) }
    then[id] = .some(value)
  }

  /// The readings that `matches` picks at the point reached: those changed since as they
  /// were, the others as `stored` gives them now.
  private func presentReadings(
    _ matches: (Reading) -> Bool, stored: () throws -> [Reading]
  ) throws -> [Reading] {
    var present: [Reading] = []
    for case (_, let value?) in then where matches(value) { present.append(value) }
    for reading in try stored() where then[reading.id] == nil { present.append(reading) }
    return present
  }

  /// Takes `readings` out, held under `label`: reverting a change that brought them back.
  private mutating func setAside(_ readings: [Reading], as label: String) {
    for reading in readings { set(reading.id, to: nil, now: reading) }
    held[label] = readings
  }

  /// Brings `readings` back from `label`: reverting a change that set them aside (held
  /// since, or brought back by a later change that was reverted already).
  private mutating func bringBack(_ readings: [Reading], from label: String) {
    for reading in readings { set(reading.id, to: reading, now: nil) }
    held[label] = []
  }
}

/// How a project's readings at an instant differ from those now.
public struct ReadingDifferences: Equatable, Sendable {
  /// The readings now that were otherwise then, or not there, by id.
  public var replaced: [ReadingID: Reading] = [:]
  /// The readings then that are otherwise now, or not there, in time order.
  public var added: [Reading] = []

  /// Whether the readings then and now are the same.
  public var isEmpty: Bool { replaced.isEmpty && added.isEmpty }

  /// Creates differences.
  public init(replaced: [ReadingID: Reading] = [:], added: [Reading] = []) {
    self.replaced = replaced
    self.added = added
  }
}
