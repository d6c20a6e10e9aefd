import ArgumentParser
import Foundation
import TallyCore
import TallyReports
import TallyStorage

/// `tally report`: count, sum, min, max and mean of readings per period.
struct ReportCommand: SessionCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Count, sum, min, max and mean of readings per day, week, month, quarter or year.",
    discussion: """
      The periods follow the calendar of the time zone (--tz): weeks are ISO 8601 weeks from \
      Monday, quarters start in January, April, July and October. --from is inclusive, --to \
      exclusive. The default format is table on a terminal and CSV otherwise.
      """)

  /// How a report is written.
  enum Format: String, CaseIterable, ExpressibleByArgument {
    case table, csv, markdown, json
  }

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The projects' titles.", completion: ProjectTitleCompletion.kind)
  var titles: [String] = []
  @Flag(help: "Report every project.") var all = false
  @Option(help: "daily, weekly, monthly, quarterly or yearly (default: each project's frequency).")
  var period: ReportPeriod?
  @Option(help: "From this date or time, inclusive.") var from: String?
  @Option(help: "To this date or time, exclusive.") var to: String?
  @Option(help: "table, csv, markdown or json.") var format: Format?
  @Option(
    help: "Write to this file (atomically) instead of standard output.", completion: .file())
  var output: String?
  @Option(
    help: "Render with this Mustache template (see Templates/README.md).",
    completion: .file(extensions: ["mustache"]))
  var template: String?
  @Flag(help: "Include periods without readings.") var empty = false

  func validate() throws {
    if all, !titles.isEmpty {
      throw ValidationError("give project titles or --all, not both")
    }
    if !all, titles.isEmpty {
      throw ValidationError("give one or more project titles, or --all")
    }
    if template != nil, let format, format != .markdown {
      throw ValidationError(
        "--template renders its own format; leave out --format \(format.rawValue)")
    }
  }

  func run(in session: Session) throws {
    let projects =
      all
      ? session.store.state.stored.projects.map(\.project).sorted { $0.title < $1.title }
      : try titles.map { try session.project(titled: $0).project }
    let (from, to) = try session.range(from: from, to: to)
    if projects.isEmpty {
      Messages.say("No projects yet. Create one with `tally project add TITLE --frequency daily`.")
    }
    let reports = try projects.map { project in
      try report(project, from: from, to: to, session: session)
    }
    let text = try render(reports, session: session)
    if let output {
      try AtomicFile.write(text, to: output)
    } else {
      StandardOutput().write(text)
    }
  }

  private func report(
    _ project: Project, from: Timestamp?, to: Timestamp?, session: Session
  ) throws -> ProjectReport {
    try ProjectReportQuery(database: session.database, zone: session.zone).report(
      project, period: period ?? ReportPeriod(project.frequency), from: from, to: to,
      includesEmpty: empty)
  }

  private func render(_ reports: [ProjectReport], session: Session) throws -> String {
    if let template {
      return try ReportTemplate(path: template).render(
        reports, generated: session.now, zone: session.zone)
    }
    let format = format ?? (isatty(STDOUT_FILENO) == 1 && output == nil ? .table : .csv)
    switch format {
    case .table: return ReportTable.render(reports)
    case .csv: return ReportCSV.render(reports)
    case .json: return ReportJSON.render(reports)
    case .markdown:
      return ReportTemplate.markdown.render(reports, generated: session.now, zone: session.zone)
    }
  }
}
