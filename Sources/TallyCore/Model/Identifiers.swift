/// The identifier of a project, assigned by the database.
public struct ProjectID: RawRepresentable, Hashable, Comparable, Codable, Sendable,
  CustomStringConvertible
{
  /// The database row id.
  public var rawValue: Int64

  /// Wraps a database row id.
  public init(rawValue: Int64) {
    self.rawValue = rawValue
  }

  public var description: String { String(rawValue) }

  public static func < (lhs: ProjectID, rhs: ProjectID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// The identifier of a reading, assigned by the database and shown to the user (`item edit 12`).
public struct ReadingID: RawRepresentable, Hashable, Comparable, Codable, Sendable,
  CustomStringConvertible
{
  /// The database row id.
  public var rawValue: Int64

  /// Wraps a database row id.
  public init(rawValue: Int64) {
    self.rawValue = rawValue
  }

  public var description: String { String(rawValue) }

  public static func < (lhs: ReadingID, rhs: ReadingID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
