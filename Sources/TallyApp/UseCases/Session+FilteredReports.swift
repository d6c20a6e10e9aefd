import TallyCore
import TallyReports

extension Session {
  /// Refuses what a filtered or per-tag report cannot be: as of an instant (the history
  /// keeps no tags of the past), or per tag with a group's combined rows, a goal's
  /// statistics or an outlook, which judge a project.
  func checkFilter(_ request: ReportRequest) throws(TallyError) {
    let filtered = !request.filter.takesEverything || request.byTag
    if filtered, let instant = request.asOf {
      throw TallyError(
        .invalidInput,
        "--as-of \(instant) reports every reading as it stood; it takes no "
          + (request.byTag ? "--by tag" : request.filter.description),
        hint: "Leave out --as-of, or the tag and note options.")
    }
    if request.byTag, let group = request.group {
      throw TallyError(
        .invalidInput,
        "--by tag splits each project's rows; --group \(VisibleText.quoted(group)) adds "
          + "projects' rows up, and the two do not combine",
        hint: "Report the group's projects by tag without --group: name their titles.")
    }
    let judging = (request.statistics ?? []).filter { [.goal, .progress, .met].contains($0) }
    if request.byTag, let statistic = judging.first {
      throw TallyError(
        .invalidInput,
        "--by tag splits a project's readings; --stats \(statistic.rawValue) judges the project's "
          + "goal, not a tag's",
        hint: "Leave \(statistic.rawValue) out of --stats, or report one tag with --tag.")
    }
    if request.byTag, !request.outlook.isEmpty {
      throw TallyError(
        .invalidInput,
        "--by tag splits a project's readings; --compare, --rolling and --forecast look at a "
          + "project's goal and pace, not a tag's",
        hint: "Leave out --by tag, or report one tag with --tag.")
    }
  }

  /// The report of `project` over `readings` (those a filter took), shaped as asked.
  func report(
    of project: Project, shape: ReportShape, query: ProjectReportQuery,
    over readings: MatchingReadings
  ) throws(TallyError) -> ProjectReport {
    do {
      return try query.report(
        project, period: shape.period, from: shape.from, to: shape.to,
        includesEmpty: shape.includesEmpty, includesStreak: shape.includesStreak,
        outlook: shape.outlook, over: readings)
    } catch let error as TallyError {
      throw error
    } catch {
      throw TallyError(.storage, "could not report \(project.title): \(error)")
    }
  }

  /// One report of `project` per tag its readings (those `filter` takes) carry.
  ///
  /// The readings without tags come last, in a report of their own; all from one read. A
  /// reading with two tags counts under both; the reports judge no goal, since a goal is the
  /// project's.
  func reportsByTag(
    of project: Project, _ filter: ReadingFilter, shape: ReportShape, query: ProjectReportQuery
  ) throws(TallyError) -> [ProjectReport] {
    let matching = try storage.matchingReadings(of: project.id, filter, keepingTags: true)
    var untargeted = project
    untargeted.goals = []
    var reports: [ProjectReport] = []
    var shape = shape
    shape.includesStreak = false
    for (tag, readings) in matching.byTag() {
      var report = try report(of: untargeted, shape: shape, query: query, over: readings)
      report.tag = tag
      reports.append(report)
    }
    if reports.isEmpty {
      // No reading matched: the project's report without periods says so.
      reports.append(
        try report(
          of: untargeted, shape: shape, query: query, over: MatchingReadings(of: project.id)))
    }
    return reports
  }

  /// `report` for people: with `--by tag`, its title names the tag (`Spend · food`,
  /// `Spend · untagged`), since tables, pages and charts show one report after another.
  static func titledByTag(_ report: ProjectReport) -> ProjectReport {
    guard let tag = report.tag else { return report }
    var titled = report
    titled.project.title += " · " + (tag.isEmpty ? "untagged" : tag)
    return titled
  }
}
