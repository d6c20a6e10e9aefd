/// What a project's numbers are, which decides what a period's readings add up to.
public enum ProjectKind: String, CaseIterable, Codable, Sendable {
  /// Amounts that add up: money spent, kilometres a trip, hours. A period's headline is the
  /// sum of its readings.
  case total
  /// A level read now and then: weight, temperature, an account balance. A period's headline
  /// is its last reading; summing them means nothing.
  case gauge
  /// A dial that counts up: an odometer, an electricity, gas or water meter. A reading is the
  /// dial's value; a period's headline is the usage, the increase of the dial over the period.
  case meter

  /// The name of a period's headline figure: `sum`, `last` or `usage`.
  public var headlineName: String {
    switch self {
    case .total: "sum"
    case .gauge: "last"
    case .meter: "usage"
    }
  }
}

extension Project {
  /// Its frequency, and its kind unless it is a total: `weekly`, `weekly gauge`.
  public var cadence: String {
    frequency.rawValue + (kind == .total ? "" : " " + kind.rawValue)
  }
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
  /// The cases' names as a person reads a list of choices: `total, gauge or meter`.
  public static var choices: String {
    let names = allCases.map(\.rawValue)
    guard let last = names.last, names.count > 1 else { return names.joined() }
    return names.dropLast().joined(separator: ", ") + " or " + last
  }
}
