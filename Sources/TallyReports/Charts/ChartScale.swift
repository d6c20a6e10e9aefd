import Foundation
import TallyCore

/// A chart's value axis: from `lower` to `upper`, with ticks at round numbers (1, 2, 2.5 or 5
/// times a power of ten) between them.
struct ChartScale: Equatable {
  var lower: Double
  var upper: Double
  var ticks: [Double]

  /// A scale that holds `values`, with about `tickCount` ticks; from zero when
  /// `fromZero` (bars), else hugging the values (a gauge's line).
  init(_ values: [Double], tickCount: Int = 5, fromZero: Bool) {
    let finite = values.filter(\.isFinite)
    var low = finite.min() ?? 0
    var high = finite.max() ?? 0
    if fromZero {
      low = Swift.min(low, 0)
      high = Swift.max(high, 0)
    }
    if low == high {
      // One value, or all zeros: a range around it, so that it draws in the middle (a line)
      // or at the bottom (bars of zero), not across a range of nothing.
      if fromZero {
        high = 1
      } else {
        let pad = low == 0 ? 1 : abs(low) / 2
        low -= pad
        high += pad
      }
    }
    let step = Self.roundStep((high - low) / Double(Swift.max(tickCount - 1, 1)))
    guard step.isFinite, step > 0 else {
      (lower, upper, ticks) = (low, high, [low, high])
      return
    }
    let first = (low / step).rounded(.down)
    let last = (high / step).rounded(.up)
    lower = first * step
    upper = last * step
    if !lower.isFinite || !upper.isFinite || last - first > 50 {
      (lower, upper, ticks) = (low, high, [low, high])
      return
    }
    ticks = (0...Int(last - first)).map { (first + Double($0)) * step }
  }

  /// The round number nearest above `rough`: 1, 2, 2.5 or 5 times a power of ten.
  static func roundStep(_ rough: Double) -> Double {
    guard rough.isFinite, rough > 0 else { return 0 }
    let power = Foundation.pow(10, (Foundation.log10(rough)).rounded(.down))
    for factor in [1, 2, 2.5, 5, 10] where factor * power >= rough * (1 - 1e-12) {
      return factor * power
    }
    return 10 * power
  }

  /// Where `value` lies, from 0 at `lower` to 1 at `upper`.
  func fraction(_ value: Double) -> Double {
    upper > lower ? (value - lower) / (upper - lower) : 0
  }

  /// The suffixes large labels take, with the size each stands for.
  static let suffixes: [(suffix: String, size: Double)] = [
    ("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3),
  ]

  /// A tick's label: round numbers print without float noise, and large ones with k, M, G
  /// or T when that is shorter.
  static func label(_ value: Double) -> String {
    labels([value])[0]
  }

  /// The labels of an axis's ticks, in one notation: all with the suffix the largest takes
  /// (`0`, `5k`, `10k`, not `5000` beside `10k`), or all plain.
  static func labels(_ values: [Double]) -> [String] {
    let largest = values.filter(\.isFinite).map(abs).max() ?? 0
    let unit = suffixes.first { largest >= $0.size * 10 && largest < 1e15 }
    return values.map { value in
      if let unit, value != 0 {
        let scaled = (value / unit.size * 1000).rounded() / 1000
        return AmountFormat.plain(scaled) + unit.suffix
      }
      let rounded = Double(String(format: "%.12g", value)) ?? value
      return AmountFormat.plain(rounded == 0 ? 0 : rounded)
    }
  }
}
