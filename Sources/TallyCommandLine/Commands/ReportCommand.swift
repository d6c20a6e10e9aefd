import ArgumentParser
import TallyApp
import TallyCore
import TallyReports

/// `tally report`: count, sum, min, max and mean of readings per period.
struct ReportCommand: TallyCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Figures of readings per day, week, month, quarter or year.",
    discussion: """
      The periods follow the calendar of the time zone (--tz): weeks are ISO 8601 weeks from \
      Monday, quarters start in January, April, July and October. --from is inclusive, --to \
      exclusive. The default format is the --output file's extension (.csv, .json, .md, .svg, \
      .html), else table on a terminal and CSV otherwise. CSV and JSON give \
      count,sum,min,max,mean unless --stats picks from: \
      \(ReportStatistic.allCases.map(\.rawValue).joined(separator: ", ")). SVG is one chart \
      (small multiples for several projects); HTML is one self-contained page with a chart \
      and a table per project. --as-of INSTANT reports the projects and readings as they \
      stood then, from the history of changes.
      """)

  static let syntax = CommandSyntax(
    arguments: ["titles"], lastArgumentRepeats: true,
    options: [
      .flag("--all"), .value("--group", valueName: "name"),
      .value("--period", values: ReportPeriod.allValueStrings),
      .value("--from"), .value("--to"),
      .value("--format", values: ReportRequest.Format.allValueStrings), .value("--output"),
      .value("--template"), .value("--chart"), .flag("--empty"), .value("--stats"),
      .value("--compare", values: ReportOutlook.Comparison.allValueStrings),
      .value("--rolling", valueName: "n"), .flag("--forecast"), .value("--as-of"),
      .value("--by", values: ["tag"]),
    ] + FilterOptions.syntax)

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The projects' titles.", completion: ProjectTitleCompletion.kind)
  var titles: [String] = []
  @Flag(help: "Report every project.") var all = false
  @Option(
    help: ArgumentHelp(
      "Report a group's projects, and combined rows of its totals that share units and period.",
      valueName: "name"))
  var group: String?
  @Option(
    help:
      "daily, weekly, monthly, quarterly or yearly (default: each project's goal's period, else its frequency)."
  )
  var period: ReportPeriod?
  @Option(help: "From this date or time, inclusive.") var from: String?
  @Option(help: "To this date or time, exclusive.") var to: String?
  @Option(help: "table, csv, markdown, json, svg or html.") var format: ReportRequest.Format?
  @Option(
    help: "Write to this file (atomically) instead of standard output.", completion: .file(),
    transform: { TypedPath.expanded($0) })
  var output: String?
  @Option(
    help: "Render with this Mustache template (see Templates/README.md).",
    completion: .file(extensions: ["mustache"]), transform: { TypedPath.expanded($0) })
  var template: String?
  @Option(
    help: "With --format markdown: write the chart to this SVG file and link it from the report.",
    completion: .file(extensions: ["svg"]), transform: { TypedPath.expanded($0) })
  var chart: String?
  @Flag(help: "Include periods without readings.") var empty = false
  @Option(help: "The figures to show, comma-separated, such as last,change or usage,rate.")
  var stats: String?
  @Option(
    help:
      "Add each period's headline a period before (previous) or a year before (year), and the change in percent."
  )
  var compare: ReportOutlook.Comparison?
  @Option(
    help: ArgumentHelp(
      "Add the mean headline of this period and the n-1 before it.", valueName: "n"))
  var rolling: String?
  @Flag(
    help:
      "Project the running period to its end at the pace so far, and what each day left needs for the goal."
  )
  var forecast = false
  @Option(
    name: .customLong("as-of"),
    help: "Report the data as it stood at this date or time (from the history of changes).")
  var asOf: String?
  @Option(
    help: ArgumentHelp(
      "tag: a row per period and tag (a reading with two tags counts under both; untagged last)."
    ))
  var by: ReportGrouping?
  @OptionGroup var filter: FilterOptions

  func validate() throws {
    if [all, !titles.isEmpty, group != nil].filter({ $0 }).count > 1 {
      throw ValidationError("give project titles, --all or --group NAME, not more than one")
    }
    if !all, titles.isEmpty, group == nil {
      throw ValidationError("give one or more project titles, --all or --group NAME")
    }
    if template != nil, let format, format != .markdown, format != .html {
      throw ValidationError(
        "--template renders its own format; leave out --format \(format.rawValue)")
    }
  }

  func request() throws(TallyError) -> UserRequest {
    let statistics = try stats.map { text throws(TallyError) in try ReportStatistic.list(text) }
    var request =
      ReportRequest(
        titles: all || group != nil ? nil : titles, period: period,
        range: DateRange(from: from, to: to),
        format: format, output: output, template: template, includesEmpty: empty,
        statistics: statistics, chart: chart,
        outlook: try ReportOutlook.parse(
          compare: compare, rolling: rolling, forecast: forecast, statistics: statistics ?? []),
        asOf: asOf, group: group)
    request.filter = try filter.filter()
    request.byTag = by == .tag
    return .report(request)
  }
}

/// What `report --by` splits a project's rows by.
enum ReportGrouping: String, ExpressibleByArgument, CaseIterable {
  case tag
}
