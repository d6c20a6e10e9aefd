public import TallyCore

/// What one project's chart draws: its headline per period (the sum of a total, the last
/// reading of a gauge, the usage of a meter) and the goal that held for each period.
public struct ChartSeries: Sendable {
  /// The project.
  public var project: Project
  /// The length of the periods.
  public var period: ReportPeriod
  /// Each period's label, oldest first.
  public var labels: [String]
  /// Each period's headline; `nil` where a period has no readings (nor a meter's usage).
  public var values: [Double?]
  /// Each period's goal amount; `nil` where none held.
  public var goals: [Double?]
  /// Whether each period is still running.
  public var running: [Bool]
  /// How many periods met their goal, and how many were judged.
  public var met: (met: Int, judged: Int)

  /// The chart of `report`.
  public init(_ report: ProjectReport) {
    let kind = report.project.kind
    project = report.project
    period = report.period
    labels = report.rows.map(\.period.label)
    values = report.rows.map { $0.plottedHeadline(kind) }
    goals = report.rows.map { $0.goal?.amount }
    running = report.rows.map(\.isRunning)
    let judged = report.rows.compactMap { $0.met(kind) }
    met = (judged.filter { $0 }.count, judged.count)
  }

  /// Whether it draws as bars (sums and usages) rather than a line (a gauge's levels).
  var isBars: Bool { project.kind != .gauge }

  /// What the value axis measures: `km per month`, `kg, last reading per week`,
  /// `kWh used per month`.
  var axisTitle: String { project.measure(per: period) }

  /// The periods drawn in at most `limit` columns: one period a column while they fit,
  /// else runs of periods a column, each drawn as what its periods would show at that size
  /// (the range from the lowest to the highest, the last level, the last goal).
  func columns(limit: Int) -> [ChartColumn] {
    let count = labels.count
    let size = max(1, (count + max(limit, 1) - 1) / max(limit, 1))
    return stride(from: 0, to: count, by: size).map { start in
      let range = start..<min(start + size, count)
      let known = range.compactMap { values[$0] }.filter(\.isFinite)
      return ChartColumn(
        first: labels[range.lowerBound], last: labels[range.upperBound - 1], periods: range.count,
        low: known.min(), high: known.max(),
        closing: range.reversed().lazy.compactMap { self.values[$0] }.first,
        goal: range.reversed().lazy.compactMap { self.goals[$0] }.first,
        isRunning: running[range.upperBound - 1])
    }
  }
}

/// One column of a chart: one period, or a run of periods too narrow to draw one by one.
struct ChartColumn: Equatable {
  /// The first and last periods' labels (the same for one period).
  var first: String
  var last: String
  /// How many periods it stands for.
  var periods: Int
  /// The lowest and highest headlines among them.
  var low: Double?
  var high: Double?
  /// The last headline among them.
  var closing: Double?
  /// The last goal among them.
  var goal: Double?
  /// Whether its last period is still running.
  var isRunning: Bool

  /// `2024-03`, or `2024-03-01 to 2024-03-16` for a run.
  var label: String { periods == 1 ? first : "\(first) to \(last)" }
}

extension Project {
  /// What its headline measures per `period`: `km per month`, `kg, last reading per week`,
  /// `kWh used per month` (or `sum per month` and the like without units).
  public func measure(per period: ReportPeriod) -> String {
    let per = period.unitName
    switch kind {
    case .total: return units.isEmpty ? "sum per \(per)" : "\(units) per \(per)"
    case .gauge:
      return units.isEmpty ? "last reading per \(per)" : "\(units), last reading per \(per)"
    case .meter: return units.isEmpty ? "usage per \(per)" : "\(units) used per \(per)"
    }
  }
}
