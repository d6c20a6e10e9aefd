/// What a successful write leaves behind.
public struct Commit: Equatable, Sendable {
  /// What was done, for people: "Added reading 12 to Mileage: 42.5 km".
  public var message: String
  /// The stored data after the write.
  public var snapshot: Snapshot
  /// What an import did, project by project, when the write was one (or a dry run of one,
  /// which wrote nothing).
  public var importOutcomes: [ImportOutcome]

  /// What an import into one project did: the first of ``importOutcomes``.
  public var importOutcome: ImportOutcome? { importOutcomes.first }

  /// Creates a commit.
  public init(message: String, snapshot: Snapshot, importOutcomes: [ImportOutcome] = []) {
    self.message = message
    self.snapshot = snapshot
    self.importOutcomes = importOutcomes
  }
}
