extension Project {
  /// The unit of time its amounts are shown on a clock in (`1:20` for 1.333… h or 80 min),
  /// or `nil` when they are shown as numbers.
  ///
  /// A project whose units are a unit of time (as ``TimeUnit/init(naming:)`` reads them, the
  /// same spellings a timer records in) shows clocks, unless its `--decimals` is set: then
  /// people see numbers with that many places, as before clocks.
  public var clockUnit: TimeUnit? {
    decimals == nil ? TimeUnit(naming: units) : nil
  }

  /// An amount for people, in full: a clock for a time project, else the shortest number of
  /// 15 significant digits.
  public func shown(_ amount: Double) -> String {
    Self.shown(amount, clock: clockUnit)
  }

  /// ``shown(_:)`` with the project's ``clockUnit`` worked out once, for a listing of many.
  public static func shown(_ amount: Double, clock: TimeUnit?) -> String {
    clock.map { DurationFormat.shown(amount, unit: $0) } ?? AmountFormat.plain(amount)
  }

  /// An amount with what it counts: `42.5 km`, `1:20 h` (a clock's leading figure is always
  /// hours), `80 min` for a project in minutes, `3` without units.
  public func shownWithUnits(_ amount: Double) -> String {
    if let clockUnit { return shown(amount) + " " + DurationFormat.suffix(clockUnit) }
    return units.isEmpty ? shown(amount) : "\(shown(amount)) \(units)"
  }
}
