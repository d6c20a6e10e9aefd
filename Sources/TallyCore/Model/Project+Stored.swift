import Foundation

extension Project {
  /// A project as a storage's row holds it, read back: every backend keeps the frequency and
  /// kind by name, the goals as JSON and times in microseconds.
  ///
  /// - Throws: ``TallyError`` `.storage` for a frequency, kind or goal this version does not
  ///   know (a newer tally wrote it).
  public init(
    storedID id: Int64, title: String, units: String, frequency: String, kind: String,
    decimals: Int?, goalsJSON: String, group: String? = nil, createdAt: Int64, updatedAt: Int64
  ) throws(TallyError) {
    guard let knownFrequency = Frequency(rawValue: frequency) else {
      throw TallyError(.storage, "project \(id) has an unknown frequency '\(frequency)'")
    }
    guard let knownKind = ProjectKind(rawValue: kind) else {
      throw TallyError(.storage, "project \(id) has an unknown kind '\(kind)'")
    }
    let goals: [GoalSetting]
    do {
      goals = try JSONDecoder().decode([GoalSetting].self, from: Data(goalsJSON.utf8))
    } catch {
      throw TallyError(.storage, "project \(id) has goals that cannot be read: \(error)")
    }
    self.init(
      id: ProjectID(rawValue: id), title: title, units: units, frequency: knownFrequency,
      kind: knownKind, decimals: decimals, goals: goals, group: group,
      createdAt: Timestamp(microsecondsSince1970: createdAt),
      updatedAt: Timestamp(microsecondsSince1970: updatedAt))
  }

  /// The goals as a storage keeps them: JSON with sorted keys, the same on every backend.
  public var storedGoalsJSON: String {
    get throws {
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      return String(decoding: try encoder.encode(goals), as: UTF8.self)
    }
  }
}
