/// One number recorded for a project at a time, with an optional note.
public struct Reading: Identifiable, Hashable, Codable, Sendable {
  /// Assigned by the database.
  public var id: ReadingID
  /// The project it belongs to.
  public var projectID: ProjectID
  /// The number; always finite.
  public var amount: Double
  /// When it was read.
  public var timestamp: Timestamp
  /// A few words about it, if any.
  public var note: String?
  /// The import that brought it in, if one did.
  public var batchID: ImportBatchID?

  /// Creates a reading.
  public init(
    id: ReadingID, projectID: ProjectID, amount: Double, timestamp: Timestamp, note: String?,
    batchID: ImportBatchID? = nil
  ) {
    self.id = id
    self.projectID = projectID
    self.amount = amount
    self.timestamp = timestamp
    self.note = note
    self.batchID = batchID
  }
}
