/// A length of time that repeats on the calendar: how often a project expects a reading, and
/// the periods a report or a goal groups readings into.
public enum Frequency: String, CaseIterable, Codable, Sendable {
  /// Calendar days, labelled `2024-01-15`: money spent.
  case daily
  /// ISO 8601 weeks starting on Monday, labelled `2024-W03`: a weight, hours worked.
  case weekly
  /// Calendar months, labelled `2024-01`: a meter reading, a bill.
  case monthly
  /// Quarters starting in January, April, July and October, labelled `2024-Q1`.
  case quarterly
  /// Calendar years, labelled `2024`.
  case yearly

  /// The noun for one period: `day`, `week`, `month`, `quarter`, `year`.
  public var unitName: String {
    switch self {
    case .daily: "day"
    case .weekly: "week"
    case .monthly: "month"
    case .quarterly: "quarter"
    case .yearly: "year"
    }
  }
}

/// The length of the periods a report groups readings into: the same calendar as projects'
/// frequencies.
public typealias ReportPeriod = Frequency
