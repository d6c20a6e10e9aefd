public import TallyCore

extension ReportOutlook {
  /// The statistics it adds to a report's columns, in order.
  public var statistics: [ReportStatistic] {
    (comparison == nil ? [] : [.previous, .changePercent])
      + (rolling == nil ? [] : [.rollingMean])
      + (forecast ? [.forecast, .neededPerDay] : [])
  }
}

extension ReportOutlook {
  /// The share of a running period's time that must have passed before a total's sum is
  /// forecast at the pace so far: a quarter (six hours of a day, a week of a month), so that
  /// the first minutes of a day are not taken for its pace.
  public static let leastShareForForecast = 0.25

  /// The most periods a rolling mean spans.
  public static let longestRolling = 1_000

  /// `--compare`, `--rolling` and `--forecast` as given; `--stats` naming a comparison's or a
  /// forecast's column asks for it too.
  ///
  /// - Throws: ``TallyError`` naming the option and the value that is wrong.
  public static func parse(
    compare: Comparison?, rolling: String?, forecast: Bool, statistics: [ReportStatistic]
  ) throws(TallyError) -> ReportOutlook {
    var outlook = ReportOutlook(comparison: compare, forecast: forecast)
    if compare == nil, statistics.contains(.previous) || statistics.contains(.changePercent) {
      outlook.comparison = .previous
    }
    if let rolling {
      guard let count = Int(rolling), (1...longestRolling).contains(count) else {
        throw TallyError(
          .invalidInput,
          "--rolling '\(rolling)' is not a number of periods from 1 to \(longestRolling)")
      }
      outlook.rolling = count
    } else if statistics.contains(.rollingMean) {
      throw TallyError(
        .invalidInput, "--stats rolling_mean needs --rolling N: how many periods it spans")
    }
    if statistics.contains(.forecast) || statistics.contains(.neededPerDay) {
      outlook.forecast = true
    }
    return outlook
  }
}
