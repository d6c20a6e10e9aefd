/// The length of the periods a report groups readings into.
public enum ReportPeriod: String, CaseIterable, Codable, Sendable {
  /// Calendar days, labelled `2024-01-15`.
  case daily
  /// ISO 8601 weeks starting on Monday, labelled `2024-W03`.
  case weekly
  /// Calendar months, labelled `2024-01`.
  case monthly
  /// Quarters starting in January, April, July and October, labelled `2024-Q1`.
  case quarterly
  /// Calendar years, labelled `2024`.
  case yearly
}

extension ReportPeriod {
  /// The period that matches a project's frequency.
  public init(_ frequency: Frequency) {
    switch frequency {
    case .daily: self = .daily
    case .monthly: self = .monthly
    case .yearly: self = .yearly
    }
  }
}
