public import TallyCore

/// A figure a report can show for each period: `--stats` picks them by these names, which are
/// also the CSV header's and JSON's keys.
public enum ReportStatistic: String, CaseIterable, Sendable {
  case count, sum, min, max, mean, first, last, change, usage, rate, goal, progress, met
  /// The compared period's headline (`--compare`).
  case previous
  /// The change from it, in percent (`--compare`).
  case changePercent = "change_percent"
  /// The mean headline of the last periods (`--rolling N`).
  case rollingMean = "rolling_mean"
  /// The running period's headline at its end, at the pace so far (`--forecast`).
  case forecast
  /// What each day left needs for the goal (`--forecast`).
  case neededPerDay = "needed_per_day"

  /// The figures of readings as stored, which every kind has: what CSV and JSON give for a
  /// total, and for a report of no project.
  public static let contract: [ReportStatistic] = [.count, .sum, .min, .max, .mean]

  /// What CSV and JSON give by default for `reports`: the columns their tables show.
  ///
  /// Reports of one kind have exactly its table's columns, in its order: the kind's figures
  /// (see ``shown(for:withGoal:)``), the goal's when a period has one, then `outlook`'s.
  /// Reports of several kinds have every kind's figures in the order of ``allCases``
  /// (`count,sum,min,max,mean,first,last,change,usage,rate`), then the goal's and the
  /// outlook's; a row leaves empty (`null`) a figure its own table does not show (see
  /// ``ProjectReport/machineValue(_:of:)``): a gauge has no `sum`, a total no `usage`.
  public static func machineDefault(
    for reports: [ProjectReport], outlook: [ReportStatistic] = []
  ) -> [ReportStatistic] {
    let kinds = Set(reports.map(\.project.kind))
    let withGoal = reports.contains { $0.rows.contains { $0.goal != nil } }
    guard let kind = kinds.first else { return contract + outlook }
    let figures =
      kinds.count == 1
      ? shown(for: kind, withGoal: false)
      : allCases.filter { figure in
        kinds.contains { shown(for: $0, withGoal: false).contains(figure) }
      }
    return figures + (withGoal ? [.goal, .progress, .met] : []) + outlook
  }

  /// The kinds of project it means something for.
  public var kinds: Set<ProjectKind> {
    Set(ProjectKind.allCases.filter(means(for:)))
  }

  /// Whether the statistic means something for `kind`: ``kinds`` without building a set,
  /// asked once per cell of a report.
  public func means(for kind: ProjectKind) -> Bool {
    switch self {
    case .count, .goal, .progress, .met, .previous, .changePercent, .rollingMean, .forecast,
      .neededPerDay:
      true
    // A gauge's levels or a meter's dials do not add up; a dial's mean means nothing.
    case .sum: kind == .total
    case .min, .max, .mean: kind == .total || kind == .gauge
    case .first, .last: kind == .gauge || kind == .meter
    case .change: kind == .gauge
    case .usage, .rate: kind == .meter
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
    case .changePercent: "change %"
    case .rollingMean: "rolling"
    case .neededPerDay: "per day left"
    default: rawValue
    }
  }

  /// Its value in `row` of a `kind` project: none where it is no figure of the kind (a
  /// gauge's sum), in every format alike.
  public func value(of row: PeriodSummary, _ kind: ProjectKind) -> ReportValue {
    guard means(for: kind) else { return self == .met ? .flag(nil) : .number(nil) }
    return switch self {
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
    case .progress: row.progressValue(kind)
    case .met:
      row.goal == nil
        ? .flag(nil) : row.isRunning && row.met(kind) == nil ? .running : .flag(row.met(kind))
    case .previous: .number(row.compared)
    case .changePercent: .percent(row.changePercent(kind))
    case .rollingMean: .number(row.rollingMean)
    case .forecast: .number(row.forecast)
    case .neededPerDay: .number(row.neededPerDay)
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

  /// Fails when a statistic in `list` means nothing for the kinds of `projects`: for one
  /// project, any statistic of another kind; for several (`--all`, `--group`), one that fits
  /// none of them (the others' cells are empty).
  public static func check(_ list: [ReportStatistic], for projects: [Project]) throws(TallyError) {
    if projects.count == 1, let only = projects.first {
      try check(list, for: only)
      return
    }
    let kinds = Set(projects.map(\.kind))
    guard let wrong = list.first(where: { $0.kinds.isDisjoint(with: kinds) }) else { return }
    let fits = ProjectKind.allCases.filter(wrong.means(for:)).map(\.rawValue)
    let theirs = ProjectKind.allCases.filter { kinds.contains($0) }.map(\.rawValue)
    throw TallyError(
      .invalidInput,
      "--stats \(wrong.rawValue) fits none of the \(projects.count) projects: \(wrong.rawValue) "
        + "is for \(fits.joined(separator: " and ")) projects, and they are "
        + theirs.joined(separator: " and "),
      hint: "Pick statistics that fit one of their kinds: "
        + allCases.filter { !$0.kinds.isDisjoint(with: kinds) }.map(\.rawValue)
        .joined(separator: ","))
  }

  /// Fails when a statistic in `list` means nothing for `project`'s kind.
  public static func check(_ list: [ReportStatistic], for project: Project) throws(TallyError) {
    guard let wrong = list.first(where: { !$0.means(for: project.kind) }) else { return }
    let kinds = ProjectKind.allCases.filter(wrong.means(for:)).map(\.rawValue)
    throw TallyError(
      .invalidInput,
      "--stats \(wrong.rawValue) does not apply to \(project.title), a \(project.kind.rawValue) "
        + "project: \(wrong.rawValue) is for \(kinds.joined(separator: " and ")) projects",
      hint: "Pick statistics of its kind: "
        + allCases.filter { $0.means(for: project.kind) }.map(\.rawValue)
        .joined(separator: ","))
  }
}

/// One figure of a report, before it is written for people or programs.
public enum ReportValue: Equatable, Sendable {
  case count(Int)
  case number(Double?)
  /// A percentage, and the side of 100% it must stay on when rounded for people.
  case percent(Double?, side: PercentSide = .either)
  /// Whether a goal was met, if judged.
  case flag(Bool?)
  /// A goal not judged yet: its period is running.
  case running

  /// Exact, for CSV: numbers in full, `true`/`false`, empty when absent or running.
  public var exact: String {
    switch self {
    case .count(let count): String(count)
    case .number(let number), .percent(let number, _): ReportNumber.exact(number)
    case .flag(let flag): flag.map { $0 ? "true" : "false" } ?? ""
    case .running: ""
    }
  }

  /// For JSON: numbers, booleans, or `null`.
  public var json: JSONWriter.Value {
    switch self {
    case .count(let count): .integer(Int64(count))
    case .number(let number), .percent(let number, _): .optional(number)
    case .flag(let flag): flag.map(JSONWriter.Value.bool) ?? .null
    case .running: .null
    }
  }

  /// For people reading `project`: its amounts as clocks or with its decimals (see
  /// ``ReportNumber/forPeople(_:of:)``), the rest as ``forPeople(decimals:)`` writes them.
  public func forPeople(of project: Project) -> String {
    guard case .number(let number) = self else { return forPeople(decimals: project.decimals) }
    return ReportNumber.forPeople(number, of: project)
  }

  /// For people: `decimals` places (or two, trailing zeros dropped), `85%`, `yes`, `no`,
  /// `in progress`.
  public func forPeople(decimals: Int?) -> String {
    switch self {
    case .count(let count): String(count)
    case .number(let number): ReportNumber.rounded(number, decimals: decimals)
    case .percent(let number, let side): number.map { side.shown($0) + "%" } ?? ""
    case .flag(let flag): flag.map { $0 ? "yes" : "no" } ?? ""
    case .running: "in progress"
    }
  }
}

/// Which side of 100% a goal's progress lies on, so that rounding for people never crosses it:
/// a missed at-least goal never shows `100%`, a missed at-most goal never shows `100%` either.
public enum PercentSide: Equatable, Sendable {
  /// Any rounding will do.
  case either
  /// Below 100%: an at-least goal not reached.
  case below
  /// Above 100%: an at-most goal's allowance overrun.
  case above

  /// `percent` rounded to a whole number, or to a tenth toward its side where the whole number
  /// would cross 100% or show a share that is not 0 as `0`.
  func shown(_ percent: Double) -> String {
    let whole = percent.rounded()
    let crosses =
      switch self {
      case .either: false
      case .below: whole >= 100
      case .above: whole <= 100
      }
    guard crosses || (whole == 0 && percent != 0) else {
      return ReportNumber.rounded(percent, decimals: 0)
    }
    let tenths = percent * 10
    let toward: Double =
      switch self {
      case _ where !crosses: tenths.rounded(.awayFromZero)
      case .below: tenths.rounded(.down)
      case .above: tenths.rounded(.up)
      case .either: tenths.rounded(.awayFromZero)
      }
    return ReportNumber.rounded(toward / 10, decimals: 1)
  }
}

extension PeriodSummary {
  /// The progress toward the period's goal, to be rounded on the side its headline lies.
  public func progressValue(_ kind: ProjectKind) -> ReportValue {
    guard let goal, let progress = progress(kind) else { return .percent(nil) }
    let side: PercentSide =
      goal.isMet(by: judgedHeadline(kind)) ? .either : goal.direction == .atLeast ? .below : .above
    return .percent(progress, side: side)
  }
}
