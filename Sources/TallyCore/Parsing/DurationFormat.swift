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

  /// The clock's pattern for `unit`: `h:mm`, or `h:mm:ss` for seconds.
  public static func pattern(_ unit: TimeUnit) -> String {
    unit == .seconds ? "h:mm:ss" : "h:mm"
  }

  private static func twoDigits(_ value: UInt64) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
