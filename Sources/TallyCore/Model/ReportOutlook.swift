/// What a report adds to each period looking back and forward: the headline of the period
/// before (or a year before) and the change from it, a rolling mean, and the running period
/// projected to its end.
public struct ReportOutlook: Equatable, Sendable {
  /// Which period each one is compared with.
  public enum Comparison: String, CaseIterable, Sendable {
    /// The period just before.
    case previous
    /// The same period a year before.
    case year
  }

  /// Compares each period with another (`--compare`).
  public var comparison: Comparison?
  /// How many periods the rolling mean spans, this one included (`--rolling N`).
  public var rolling: Int?
  /// Projects the running period to its end (`--forecast`).
  public var forecast: Bool

  /// Describes what to add.
  public init(comparison: Comparison? = nil, rolling: Int? = nil, forecast: Bool = false) {
    self.comparison = comparison
    self.rolling = rolling
    self.forecast = forecast
  }

  /// Whether it adds nothing.
  public var isEmpty: Bool { comparison == nil && rolling == nil && !forecast }

  /// How many periods' levels a gauge's trend is fitted to, the running one included.
  public static let trendPeriods = 8
}
