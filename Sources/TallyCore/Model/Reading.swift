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
  /// For a meter: the dial was reset or replaced before this reading, so it counts up from 0
  /// again and may be lower than the reading before it.
  public var isReset: Bool
  /// Its tags: lower case, sorted, without repeats (see ``Tags``).
  public var tags: [String]

  /// Creates a reading.
  public init(
    id: ReadingID, projectID: ProjectID, amount: Double, timestamp: Timestamp, note: String?,
    batchID: ImportBatchID? = nil, isReset: Bool = false, tags: [String] = []
  ) {
    self.id = id
    self.projectID = projectID
    self.amount = amount
    self.timestamp = timestamp
    self.note = note
    self.batchID = batchID
    self.isReset = isReset
    self.tags = tags
  }

  private enum CodingKeys: String, CodingKey {
    case id, projectID, amount, timestamp, note, batchID, isReset, tags
  }

  /// Encodes a reading; one without tags writes no `tags` key, as before tags.
  public func encode(to encoder: any Encoder) throws {
    var values = encoder.container(keyedBy: CodingKeys.self)
    try values.encode(id, forKey: .id)
    try values.encode(projectID, forKey: .projectID)
    try values.encode(amount, forKey: .amount)
    try values.encode(timestamp, forKey: .timestamp)
    try values.encodeIfPresent(note, forKey: .note)
    try values.encodeIfPresent(batchID, forKey: .batchID)
    try values.encode(isReset, forKey: .isReset)
    if !tags.isEmpty { try values.encode(tags, forKey: .tags) }
  }

  /// Decodes a reading; the journal's entries from before meter resets read as no reset, and
  /// those from before tags as untagged.
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try values.decode(ReadingID.self, forKey: .id),
      projectID: try values.decode(ProjectID.self, forKey: .projectID),
      amount: try values.decode(Double.self, forKey: .amount),
      timestamp: try values.decode(Timestamp.self, forKey: .timestamp),
      note: try values.decodeIfPresent(String.self, forKey: .note),
      batchID: try values.decodeIfPresent(ImportBatchID.self, forKey: .batchID),
      isReset: try values.decodeIfPresent(Bool.self, forKey: .isReset) ?? false,
      tags: try values.decodeIfPresent([String].self, forKey: .tags) ?? [])
  }

  /// Orders readings as time does, and readings at the same time by id.
  public func precedes(_ other: Reading) -> Bool {
    (timestamp, id.rawValue) < (other.timestamp, other.id.rawValue)
  }
}
