/// The identifier of a stored `Entity`, assigned by the database and shown to people
/// (`tally item edit 12`).
///
/// The phantom `Entity` keeps a project's id from being passed where a reading's is expected.
public struct Identifier<Entity>: RawRepresentable, Hashable, Comparable, Codable, Sendable,
  CustomStringConvertible
{
  /// The database row id.
  public var rawValue: Int64

  /// Wraps a database row id.
  public init(rawValue: Int64) {
    self.rawValue = rawValue
  }

  public var description: String { String(rawValue) }

  public static func < (lhs: Identifier, rhs: Identifier) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// The identifier of a project.
public typealias ProjectID = Identifier<Project>

/// The identifier of a reading.
public typealias ReadingID = Identifier<Reading>
