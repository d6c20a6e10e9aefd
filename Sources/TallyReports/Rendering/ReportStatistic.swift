public import TallyCore

/// A figure a report can show for each period: `--stats` picks them by these names, which are
/// also the CSV header's and JSON's keys.
public enum ReportStatistic: String, CaseIterable, Sendable {
  case count, sum, min, max, mean, first, last, change, usage, rate, goal, progress, met

  /// What CSV and JSON give by default, for every kind: the figures of the readings as stored.
  public static let contract: [ReportStatistic] = [.count, .sum, .min, .max, .mean]

  /// The kinds of project it means something for.
  public var kinds: Set<ProjectKind> {
    switch self {
    case .count, .sum, .min, .max, .mean, .goal, .progress, .met: Set(ProjectKind.allCases)
    case .first, .last: [.gauge, .meter]
    case .change: [.gauge]
    case .usage, .rate: [.meter]
    }
  }

  /// What a person reads of each kind: its own figures, and the goal's when one applies.
  public static func shown(for kind: ProjectKind, withGoal: Bool) -> [ReportStatistic] {
    let figures: [ReportStatistic] =
      switch kind {
      case .total: [.count, .sum, .min, .max, .mean]
      case .gauge: [.count, .first, .last, .change, .min, .max, .mean]
      case .meter: [.count, .last, .usage, .rate]
      }
    return figures + (withGoal ? [.goal, .progress, .met] : [])
  }

  /// The column's heading for people.
  public var heading: String {
    switch self {
    case .rate: "per day"
    default: rawValue
    }
  }

  /// Its value in `row` of a `kind` project.
  public func value(of row: PeriodSummary, _ kind: ProjectKind) -> ReportValue {
    switch self {
    case .count: .count(row.count)
    case .sum: .number(row.sum)
    case .min: .number(row.min)
    case .max: .number(row.max)
    case .mean: .number(row.mean)
    case .first: .number(row.first)
    case .last: .number(row.last)
    case .change: .number(row.change)
    case .usage: .number(row.usage)
    case .rate: .number(row.rate)
    case .goal: .number(row.goal?.amount)
    case .progress: .percent(row.progress(kind))
    case .met: row.goal == nil ? .flag(nil) : row.isRunning ? .running : .flag(row.met(kind))
    }
  }

  /// The statistics a `--stats` list names, in its order.
  ///
  /// - Throws: ``TallyError`` naming an unknown statistic, and the ones there are.
  public static func list(_ text: String) throws(TallyError) -> [ReportStatistic] {
    var result: [ReportStatistic] = []
    for name in text.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
      guard let statistic = ReportStatistic(rawValue: trimmed) else {
        throw TallyError(
          .invalidInput,
          "--stats '\(text)': '\(trimmed)' is not a statistic; choose from "
            + allCases.map(\.rawValue).joined(separator: ", "))
      }
      guard !result.contains(statistic) else {
        throw TallyError(.invalidInput, "--stats '\(text)' names \(trimmed) twice")
      }
      result.append(statistic)
    }
    return result
  }

  /// Fails when a statistic in `list` means nothing for `project`'s kind.
  public static func check(_ list: [ReportStatistic], for project: Project) throws(TallyError) {
    guard let wrong = list.first(where: { !$0.kinds.contains(project.kind) }) else { return }
    let kinds = ProjectKind.allCases.filter { wrong.kinds.contains($0) }.map(\.rawValue)
    throw TallyError(
      .invalidInput,
      "--stats \(wrong.rawValue) does not apply to \(project.title), a \(project.kind.rawValue) "
        + "project: \(wrong.rawValue) is for \(kinds.joined(separator: " and ")) projects",
      hint: "Pick statistics of its kind: "
        + allCases.filter { $0.kinds.contains(project.kind) }.map(\.rawValue)
        .joined(separator: ","))
  }
}

/// One figure of a report, before it is written for people or programs.
public enum ReportValue: Equatable, Sendable {
  case count(Int)
  case number(Double?)
  /// A percentage.
  case percent(Double?)
  /// Whether a goal was met, if judged.
  case flag(Bool?)
  /// A goal not judged yet: its period is running.
  case running

  /// Exact, for CSV: numbers in full, `true`/`false`, empty when absent or running.
  public var exact: String {
    switch self {
    case .count(let count): String(count)
    case .number(let number), .percent(let number): ReportNumber.exact(number)
    case .flag(let flag): flag.map { $0 ? "true" : "false" } ?? ""
    case .running: ""
    }
  }

  /// For JSON: numbers, booleans, or `null`.
  public var json: JSONWriter.Value {
    switch self {
    case .count(let count): .integer(Int64(count))
    case .number(let number), .percent(let number): .optional(number)
    case .flag(let flag): flag.map(JSONWriter.Value.bool) ?? .null
    case .running: .null
    }
  }

  /// For people: `decimals` places (or two, trailing zeros dropped), `85%`, `yes`, `no`,
  /// `in progress`.
  public func forPeople(decimals: Int?) -> String {
    switch self {
    case .count(let count): String(count)
    case .number(let number): ReportNumber.rounded(number, decimals: decimals)
    case .percent(let number): number.map { ReportNumber.rounded($0, decimals: 0) + "%" } ?? ""
    case .flag(let flag): flag.map { $0 ? "yes" : "no" } ?? ""
    case .running: "in progress"
    }
  }
}
