/// What a successful write leaves behind.
public struct Commit: Equatable, Sendable {
  /// What was done, for people: "Added reading 12 to Mileage: 42.5 km".
  public var message: String
  /// The stored data after the write.
  public var snapshot: Snapshot
  /// What an import did, when the write was one (or a dry run of one, which wrote nothing).
  public var importOutcome: ImportOutcome?

  /// Creates a commit.
  public init(message: String, snapshot: Snapshot, importOutcome: ImportOutcome? = nil) {
    self.message = message
    self.snapshot = snapshot
    self.importOutcome = importOutcome
  }
}
