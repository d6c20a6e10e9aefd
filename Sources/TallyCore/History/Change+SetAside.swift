/// The labels under which readings wait while an undoable change holds them out of the
/// readings (an undone import, a deleted project's readings), the same on every backend.
extension Change {
  /// The label of an import's readings while they are set aside.
  public static func setAsideLabel(of batch: ImportBatch) -> String { "import \(batch.id)" }

  /// The label of a deleted project's readings while they are set aside.
  public static func setAsideLabel(of project: ProjectID) -> String { "project \(project)" }

  /// The labels of the readings this change sets aside, which undoing it brings back.
  public var setAsideLabels: Set<String> { labels(settingAside: true) }

  /// The labels of the set-aside readings this change brings back, which redoing it (after an
  /// undo) brings back again.
  public var restoredLabels: Set<String> { labels(settingAside: false) }

  private func labels(settingAside: Bool) -> Set<String> {
    switch self {
    case .setAsideImport(let batch) where settingAside,
      .restoreImport(let batch) where !settingAside:
      [Self.setAsideLabel(of: batch)]
    case .setAsideReadings(let project) where settingAside,
      .restoreReadings(let project) where !settingAside:
      [Self.setAsideLabel(of: project)]
    case .batch(let changes):
      changes.reduce(into: []) { $0.formUnion($1.labels(settingAside: settingAside)) }
    default: []
    }
  }
}
