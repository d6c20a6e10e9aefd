/// How an amount of time reads on a clock, for a project whose units are a unit of time.
///
/// Hours and minutes show as `h:mm` (`1:20`, `27:05`, `-0:45`), rounded to the whole minute;
/// seconds show as `h:mm:ss` (`0:00:45`, `1:20:30`), rounded to the whole second, as
/// Timewarrior's summaries write them. The hours are never cut at 24.
public enum DurationFormat {
  /// `amount`, in `unit`, as a clock; an amount too large for one (past 10¹⁴ hours) or not
  /// finite as ``AmountFormat/plain(_:)`` writes it.
  public static func clock(_ amount: Double, unit: TimeUnit) -> String {
    let step: Double = unit == .seconds ? 1 : 60
    let whole = (amount * unit.seconds / step).rounded()
    guard whole.isFinite, abs(whole) < 1e16 else { return AmountFormat.plain(amount) }
    let count = Int64(whole)
    let sign = count < 0 ? "-" : ""
    let size = count.magnitude
    if unit == .seconds {
      return "\(sign)\(size / 3600):\(twoDigits(size / 60 % 60)):\(twoDigits(size % 60))"
    }
    return "\(sign)\(size / 60):\(twoDigits(size % 60))"
  }

  /// The clock's pattern for `unit`: `h:mm`, or `h:mm:ss` for seconds; `min` for minutes,
  /// which are shown as a number of minutes (see ``shown(_:unit:)``).
  public static func pattern(_ unit: TimeUnit) -> String {
    switch unit {
    case .hours: "h:mm"
    case .minutes: "min"
    case .seconds: "h:mm:ss"
    }
  }

  /// An amount of a time project for people, one rule for every place that shows one: hours
  /// on a clock to the minute (`1:20`), minutes as whole minutes (`80`; under a minute, to the
  /// hundredth: `0.5`), seconds on a clock to the second (`0:01:20`).
  public static func shown(_ amount: Double, unit: TimeUnit) -> String {
    guard unit == .minutes else { return clock(amount, unit: unit) }
    let whole = amount.rounded()
    guard whole.isFinite, abs(whole) < 1e15 else { return AmountFormat.plain(amount) }
    if abs(amount) < 1, amount != 0 { return AmountFormat.plain((amount * 100).rounded() / 100) }
    return String(Int64(whole))
  }

  /// What a shown amount of `unit` counts: `min` for minutes, `h` for the clocks, whose first
  /// figure is hours.
  public static func suffix(_ unit: TimeUnit) -> String {
    unit == .minutes ? "min" : "h"
  }

  private static func twoDigits(_ value: UInt64) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
