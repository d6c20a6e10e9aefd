import Foundation
import TallyCore
import TallyReports

/// What every project's report in one `tally report` shares.
struct ReportShape {
  var period: ReportPeriod?
  var from: Timestamp?
  var to: Timestamp?
  var includesEmpty: Bool
  var includesStreak: Bool
  var outlook = ReportOutlook()
}

extension Session {
  /// The reports of `request` as the data stood at `instant` (`report --as-of`): the
  /// projects and readings of then, from the present with every later change reverted, in
  /// one read; periods that had not ended by the instant are running, as they were then.
  ///
  /// - Throws: ``TallyError`` when a title names no project at the instant, when the history
  ///   does not reach back to it, or when the storage cannot be read.
  func pastReports(
    _ request: ReportRequest, at instant: Timestamp, shape: ReportShape
  ) throws(TallyError) -> [ProjectReport] {
    let zone = zone
    let query = ProjectReportQuery(storage: storage, zone: zone, clock: { instant })
    return try storage.withHistory { reader in
      let rewind = try Rewind(to: instant, over: reader, zone: zone)
      let then = rewind.projects(now: try reader.projects())
      let projects =
        try request.titles.map { titles in
          try titles.map { title in
            let key = Project.titleKey(title)
            guard let project = then.first(where: { Project.titleKey($0.title) == key }) else {
              throw TallyError(
                .notFound,
                "there was no project titled \(VisibleText.quoted(title)) at "
                  + TimestampFormat.iso8601(instant, in: zone) + " (--as-of \(request.asOf ?? ""))",
                hint: "`tally log` lists the changes; a project is known from when it was made.")
            }
            return project
          }
        } ?? then.filter { project in request.group.map(project.isInGroup) ?? true }
      if let group = request.group, projects.isEmpty {
        throw TallyError(
          .notFound,
          "there was no group named \(VisibleText.quoted(group)) at "
            + TimestampFormat.iso8601(instant, in: zone) + " (--as-of \(request.asOf ?? ""))",
          hint: "`tally log` lists the changes; a group is known from when a project joined it.")
      }
      if let statistics = request.statistics {
        try ReportStatistic.check(statistics, for: projects)
      }
      if projects.isEmpty {
        messages.status("No projects at \(TimestampFormat.iso8601(instant, in: zone)).")
      }
      return try projects.map { project in
        let aggregates = PastAggregates(
          base: try reader.aggregates(of: project.id),
          differences: rewind.differences(of: project.id))
        return try query.report(
          project, period: shape.period, from: shape.from, to: shape.to,
          includesEmpty: shape.includesEmpty, includesStreak: shape.includesStreak,
          outlook: shape.outlook, over: aggregates)
      }
    }
  }
}
