public import TallyCore

/// A group's combined rows: the totals that add up (``GroupCombination``) as one project's
/// report, titled `Household (all)`.
///
/// Each period's figures are those of all the combined projects' readings together: `count`
/// and `sum` add up, `min` and `max` are the lowest and highest reading, and `mean` is the
/// sum over the count. A period is listed when any combined project lists it; it runs while
/// theirs does. The combined report has no goal, streak or outlook of its own.
public enum CombinedReport {
  /// The combination of `reports`, the group's, and the report of those it combines, when
  /// any does.
  public static func make(
    group name: String, of reports: [ProjectReport]
  ) -> (combination: GroupCombination, report: ProjectReport?) {
    let combination = GroupCombination(reports.map { ($0.project, $0.period) })
    let members = reports.filter { combination.combined.contains($0.project.id) }
    guard let first = members.first, let period = combination.period else {
      return (combination, nil)
    }
    var byLabel: [String: PeriodSummary] = [:]
    for row in members.flatMap(\.rows) {
      guard var combined = byLabel[row.period.label] else {
        byLabel[row.period.label] = PeriodSummary(
          period: row.period, count: row.count, sum: row.sum, min: row.min, max: row.max,
          isRunning: row.isRunning)
        continue
      }
      combined.count += row.count
      combined.sum += row.sum
      combined.min = [combined.min, row.min].compactMap { $0 }.min()
      combined.max = [combined.max, row.max].compactMap { $0 }.max()
      combined.isRunning = combined.isRunning || row.isRunning
      byLabel[row.period.label] = combined
    }
    let decimals = Set(members.map(\.project.decimals))
    let project = Project(
      id: ProjectID(rawValue: -1), title: GroupCombination.title(ofGroup: name),
      units: combination.units, frequency: first.project.frequency, kind: .total,
      decimals: decimals.count == 1 ? first.project.decimals : nil, group: first.project.group,
      createdAt: members.map(\.project.createdAt).min() ?? first.project.createdAt,
      updatedAt: members.map(\.project.updatedAt).max() ?? first.project.updatedAt)
    var report = ProjectReport(
      project: project, period: period,
      rows: byLabel.values.sorted { $0.period.start < $1.period.start })
    report.hasEarlierPeriods = members.contains { $0.hasEarlierPeriods }
    return (combination, report)
  }
}
