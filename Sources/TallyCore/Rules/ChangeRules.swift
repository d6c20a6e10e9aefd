public import Foundation

/// The rules that hold of the stored rows after every change, whichever path wrote it: a new
/// request, an undo, a redo, an import's undo or redo, a copy into a new database.
///
/// ``ChangePlan`` checks a request before it writes, to say what to do about it; these checks
/// read the rows back after the change is written, inside the transaction that wrote it, and
/// so hold for changes that no plan made (an undo brings back readings as they were, and the
/// readings around them may have changed since). A storage runs them on every change it
/// applies, on every backend, before it commits.
public enum ChangeRules {
  /// Checks the rows that `change` wrote, as `facts` reads them after the write.
  ///
  /// - Throws: ``RuleBroken`` for the first rule the stored rows break; what `facts` throws.
  public static func check(_ change: Change, in facts: some StoredFacts) throws {
    var places = MeterPlaces()
    places.collect(change)
    for id in places.projects {
      guard let project = try facts.projectIfAny(id), project.kind == .meter else { continue }
      if places.wholeProjects.contains(id) {
        if let fall = try facts.firstFall(of: id) { throw RuleBroken(fall: fall, project: project) }
        continue
      }
      for reading in places.present[id, default: []] {
        let key = ReadingOrder.Key(reading)
        let previous = try facts.reading(of: id, .before, of: key, excluding: nil)
        let next = try facts.reading(of: id, .after, of: key, excluding: nil)
        try expectCountingUp(previous, reading, in: project)
        try expectCountingUp(reading, next, in: project)
      }
      for key in places.gaps[id, default: []] {
        let previous = try facts.reading(of: id, .before, of: key, excluding: nil)
        let next = try facts.reading(of: id, .after, of: key, excluding: nil)
        try expectCountingUp(previous, next, in: project)
      }
    }
  }

  /// Checks every meter among `projects`, as copied whole into a new database.
  ///
  /// - Throws: ``RuleBroken`` for the first fall found; what `facts` throws.
  public static func checkCopied(_ projects: [Project], in facts: some StoredFacts) throws {
    for project in projects where project.kind == .meter {
      if let fall = try facts.firstFall(of: project.id) {
        throw RuleBroken(fall: fall, project: project)
      }
    }
  }

  /// Checks a reading copied into a new database: its amount is one tally may store, and it
  /// carries no more tags than a reading takes.
  ///
  /// - Throws: ``TallyError`` naming the reading.
  public static func checkCopied(_ reading: Reading) throws(TallyError) {
    do {
      try Tags.checkCount(reading.tags.count, of: Tags.listed(reading.tags))
    } catch {
      throw TallyError(
        .invalidInput, "reading \(reading.id) of project \(reading.projectID): tags \(error)",
        hint: "Nothing was copied. Take tags off the reading in the source first.")
    }
    guard AmountRange.contains(reading.amount) else {
      throw TallyError(
        .invalidInput,
        "reading \(reading.id) of project \(reading.projectID): amount "
          + "'\(AmountFormat.plain(reading.amount))' is \(AmountRange.reason)",
        hint: "Nothing was copied. Correct the reading in the source first.")
    }
  }

  private static func expectCountingUp(
    _ previous: Reading?, _ reading: Reading?, in project: Project
  ) throws {
    guard let previous, let reading, !reading.isReset, reading.amount < previous.amount else {
      return
    }
    throw RuleBroken(fall: MeterFall(previous: previous, reading: reading), project: project)
  }
}

/// A meter whose readings a change would leave falling: the change is not written.
public struct RuleBroken: Error, Equatable, Sendable {
  /// The two readings, in time order, where the dial would go down.
  public var fall: MeterFall
  /// The meter.
  public var project: Project

  /// Creates the error.
  public init(fall: MeterFall, project: Project) {
    self.fall = fall
    self.project = project
  }

  /// Runs `body`, saying of a rule it breaks that it stopped `operation`.
  ///
  /// - Throws: ``TallyError`` for a rule broken; what `body` throws otherwise.
  public static func naming(
    _ operation: String, zone: TimeZone = TimeZone(identifier: "UTC") ?? .current,
    _ body: () throws -> Void
  ) throws {
    do {
      try body()
    } catch let broken as RuleBroken {
      throw broken.error(doing: operation, zone: zone)
    }
  }

  /// What a person reads: `cannot undo "…": reading 7 (20 km at …) would be lower than reading
  /// 6 (100 km at …) before it: Car is a meter, whose readings only count up`.
  ///
  /// - Parameters:
  ///   - operation: What was tried, as in "cannot undo …".
  ///   - zone: The zone the readings' times are written in.
  /// - Returns: The error, a conflict.
  public func error(
    doing operation: String, zone: TimeZone = TimeZone(identifier: "UTC") ?? .current
  ) -> TallyError {
    MeterRule.brokenError(fall, in: project, doing: operation, zone: zone)
  }
}

/// Where a change may have made a meter's dial fall: readings it stored (check both sides),
/// places it emptied (check across), projects it changed as a whole (check every reading).
private struct MeterPlaces {
  var present: [ProjectID: [Reading]] = [:]
  var gaps: [ProjectID: [ReadingOrder.Key]] = [:]
  var wholeProjects: Set<ProjectID> = []

  var projects: Set<ProjectID> {
    wholeProjects.union(present.keys).union(gaps.keys)
  }

  mutating func collect(_ change: Change) {
    switch change {
    case .insertProject, .deleteProject, .startTimer, .stopTimer, .setAsideReadings: break
    case .updateProject(let before, let after):
      if after.kind == .meter, before.kind != .meter { wholeProjects.insert(after.id) }
    case .insertReadings(let readings):
      for reading in readings { present[reading.projectID, default: []].append(reading) }
    case .updateReading(let before, let after):
      gaps[before.projectID, default: []].append(ReadingOrder.Key(before))
      present[after.projectID, default: []].append(after)
    case .deleteReadings(let readings):
      for reading in readings {
        gaps[reading.projectID, default: []].append(ReadingOrder.Key(reading))
      }
    case .restoreImport(let batch), .setAsideImport(let batch):
      wholeProjects.insert(batch.projectID)
    case .restoreReadings(let project):
      wholeProjects.insert(project)
    case .batch(let changes):
      for change in changes { collect(change) }
    }
  }
}
