/// How often a project expects a reading: its readings are grouped in sections of this length.
public enum Frequency: String, CaseIterable, Codable, Sendable {
  /// A reading a day, such as money spent.
  case daily
  /// A reading a month, such as a meter reading.
  case monthly
  /// A reading a year, such as a yearly total.
  case yearly
}
