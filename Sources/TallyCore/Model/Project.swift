/// Something a person tracks: mileage, spend, weight, hours.
public struct Project: Identifiable, Hashable, Codable, Sendable {
  /// Assigned by the database.
  public var id: ProjectID
  /// Unique ignoring case, never empty.
  public var title: String
  /// What the amounts count, such as `km` or `EUR`; may be empty.
  public var units: String
  /// How often readings are expected; readings are grouped by it.
  public var frequency: Frequency
  /// When the project was created.
  public var createdAt: Timestamp
  /// When the project or one of its readings last changed.
  public var updatedAt: Timestamp

  /// Creates a project.
  public init(
    id: ProjectID, title: String, units: String, frequency: Frequency, createdAt: Timestamp,
    updatedAt: Timestamp
  ) {
    self.id = id
    self.title = title
    self.units = units
    self.frequency = frequency
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}
