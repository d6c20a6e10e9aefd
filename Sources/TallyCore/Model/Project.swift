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
  /// What the numbers are: amounts that add up, a level, or a dial that counts up.
  public var kind: ProjectKind
  /// How many decimal places people are shown.
  ///
  /// `nil` rounds to two and drops trailing zeros. Programs (CSV, JSON) always get the full
  /// value.
  public var decimals: Int?
  /// Every goal set for the project, oldest first, so that a past period is judged by the
  /// goal that held then.
  public var goals: [GoalSetting]
  /// The group the project belongs to, such as `Household`; `nil` when it is in none.
  ///
  /// Groups are compared ignoring case (``Project/groupKey(_:)``); each project keeps the
  /// spelling it was given, which is the group's first project's when it joined one.
  public var group: String?
  /// When the project was created.
  public var createdAt: Timestamp
  /// When the project or one of its readings last changed.
  public var updatedAt: Timestamp

  /// Creates a project.
  public init(
    id: ProjectID, title: String, units: String, frequency: Frequency, kind: ProjectKind = .total,
    decimals: Int? = nil, goals: [GoalSetting] = [], group: String? = nil, createdAt: Timestamp,
    updatedAt: Timestamp
  ) {
    self.id = id
    self.title = title
    self.units = units
    self.frequency = frequency
    self.kind = kind
    self.decimals = decimals
    self.goals = goals
    self.group = group
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  /// The goal in force now, if any.
  public var goal: Goal? { goals.last?.goal }

  /// The period a report of the project takes when none is asked for: its goal's, so that the
  /// goal is judged, or else its frequency.
  public var reportPeriod: ReportPeriod { goal?.per ?? frequency }

  private enum CodingKeys: String, CodingKey {
    case id, title, units, frequency, kind, decimals, goals, group, createdAt, updatedAt
  }

  /// Decodes a project; the journal's entries from before kinds, goals and groups read as
  /// totals without them.
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try values.decode(ProjectID.self, forKey: .id),
      title: try values.decode(String.self, forKey: .title),
      units: try values.decode(String.self, forKey: .units),
      frequency: try values.decode(Frequency.self, forKey: .frequency),
      kind: try values.decodeIfPresent(ProjectKind.self, forKey: .kind) ?? .total,
      decimals: try values.decodeIfPresent(Int.self, forKey: .decimals),
      goals: try values.decodeIfPresent([GoalSetting].self, forKey: .goals) ?? [],
      group: try values.decodeIfPresent(String.self, forKey: .group),
      createdAt: try values.decode(Timestamp.self, forKey: .createdAt),
      updatedAt: try values.decode(Timestamp.self, forKey: .updatedAt))
  }
}
