import Foundation
import TallyCore
import TallyFiles
import TallyReports

extension Session {
  /// Sums the projects' readings per period and writes the report.
  func report(_ request: ReportRequest) throws(TallyError) {
    let (from, to) = try range(request.range)
    let instant = try request.asOf.map { text throws(TallyError) in
      try timestamp(text, for: "--as-of")
    }
    if let instant, instant > now, let text = request.asOf {
      throw TallyError(
        .invalidInput,
        "--as-of \(text) is after now (\(TimestampFormat.local(now, in: zone))): the history "
          + "holds only what has happened",
        hint: "Leave out --as-of for the report as it stands.")
    }
    let format =
      request.format ?? request.output.flatMap(ReportRequest.Format.init(fileExtension:))
      ?? (terminal.output && request.output == nil ? .table : .csv)
    try checkFilter(request)
    if let chart = request.chart {
      try ChartLink.check(chart, report: request.output, format: format, template: request.template)
    }
    // Streaks show in tables, Markdown and templates; CSV and JSON rows are periods.
    let showsStreaks = request.template != nil || (format != .csv && format != .json)
    // A chart draws every period, with readings or not, on an even time axis; the tables
    // beside it leave the empty ones out again unless --empty asks for them.
    let draws =
      format == .svg || format == .html || request.template != nil || request.chart != nil
    let shape = ReportShape(
      period: request.period, from: from, to: to,
      includesEmpty: request.includesEmpty || draws, includesStreak: showsStreaks,
      outlook: request.outlook)
    var reports: [ProjectReport]
    if let instant {
      reports = try pastReports(request, at: instant, shape: shape)
    } else {
      let grouped = try groupProjects(request.group)
      let projects =
        try request.titles.map { titles throws(TallyError) in
          var found: [Project] = []
          for title in titles { found.append(try project(titled: title).project) }
          return found
        } ?? (grouped ?? store.state.stored.projects.map(\.project)).sorted { $0.title < $1.title }
      if let statistics = request.statistics {
        try ReportStatistic.check(statistics, for: projects)
      }
      if projects.isEmpty {
        messages.status(
          "No projects yet. Create one with `tally project add TITLE --frequency daily`.")
      }
      let query = ProjectReportQuery(storage: storage, zone: zone, clock: self.clock)
      var made: [ProjectReport] = []
      if request.byTag || !request.filter.takesEverything {
        for project in projects {
          if request.byTag {
            made += try reportsByTag(of: project, request.filter, shape: shape, query: query)
          } else {
            let matching = try storage.matchingReadings(
              of: project.id, request.filter, keepingTags: false)
            made.append(try report(of: project, shape: shape, query: query, over: matching))
          }
        }
      } else {
        // Every project's periods in one read: `report --all` over 100 projects asks once.
        let byID = Dictionary(projects.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        try storage.withAggregates(of: projects.map(\.id)) { id, aggregates in
          guard let project = byID[id] else { return }
          made.append(
            try query.report(
              project, period: shape.period, from: from, to: to,
              includesEmpty: shape.includesEmpty, includesStreak: shape.includesStreak,
              outlook: shape.outlook, over: aggregates))
        }
      }
      reports = made
    }
    if let group = request.group {
      reports += combinedReport(ofGroup: group, reports)
    }
    if let chart = request.chart {
      try AtomicFile.write(SVGChart().render(reports), to: chart)
    }
    // A report as of an instant is the one made then, its time of making included.
    let text = try render(
      format == .csv || format == .json ? reports : reports.map(Self.titledByTag), request,
      format: format, generated: instant ?? now)
    if let output = request.output {
      try AtomicFile.write(text, to: output)
    } else {
      messages.output(text)
    }
  }

  private func render(
    _ reports: [ProjectReport], _ request: ReportRequest, format: ReportRequest.Format,
    generated: Timestamp
  ) throws(TallyError) -> String {
    let charts = ReportCharts(
      inline: request.template != nil || format == .html,
      file: request.chart.map { ChartLink.path(of: $0, from: request.output) },
      includesEmpty: request.includesEmpty)
    if let template = request.template {
      return try ReportTemplate(path: template).render(
        reports, generated: generated, zone: zone, statistics: request.statistics, charts: charts)
    }
    switch format {
    case .table:
      // The rows fit the terminal; the title, goal and forecast sentences wrap at its spaces,
      // as the REPL's report screen wraps them.
      guard request.statistics == nil, let width = display.width else {
        return TextWrap.wrap(
          ReportTable.render(
            reports, statistics: request.statistics, width: display.width,
            glyphs: display.glyphs),
          width: display.width)
      }
      // On a terminal each report leaves out the figures read least rather than fall to
      // records, ten lines a period (`--stats` names the columns and keeps them).
      return TextWrap.wrap(
        reports.map { report in
          ReportTable.render(
            [report], statistics: ReportTable.statistics(fitting: report, width: width),
            width: width, glyphs: display.glyphs)
        }.joined(separator: "\n"), width: width)
    case .csv:
      return ReportCSV.render(
        reports, statistics: request.statistics, outlook: request.outlook.statistics,
        byTag: request.byTag)
    case .json:
      return ReportJSON.render(
        reports, statistics: request.statistics, outlook: request.outlook.statistics)
    case .markdown:
      return ReportTemplate.markdown.render(
        reports, generated: generated, zone: zone, statistics: request.statistics, charts: charts)
    case .html:
      return ReportTemplate.html.render(
        reports, generated: generated, zone: zone, statistics: request.statistics, charts: charts)
    case .svg:
      return SVGChart().render(reports)
    }
  }

  /// Writes every reading `filter` takes, in a form `import` reads back: with a `reset`
  /// column when a project is a meter, and a `tags` column when a reading has tags.
  func export(_ format: ExportFormat, _ filter: ReadingFilter = ReadingFilter()) throws(TallyError)
  {
    let output = OutputBuffer(messages, zone: zone)
    var count = 0
    let marksResets = store.state.stored.projects.contains { $0.project.kind == .meter }
    let marksTags = try storage.hasTaggedReadings(of: nil)
    switch format {
    case .csv:
      output.write(
        CSVWriter.line(
          ["project", "timestamp", "amount", "note"] + (marksResets ? ["reset"] : [])
            + (marksTags ? ["tags"] : [])))
      // Each title once, as a CSV field: readings come grouped by project.
      var title = (text: "", field: "")
      try storage.forEachReadingWithTitle { projectTitle, reading in
        guard filter.matches(reading) else { return }
        if projectTitle != title.text {
          title = (projectTitle, CSVWriter.quoted(CSVWriter.text(projectTitle)))
        }
        output.write { line in
          line.append(title.field)
          line.csvFields(of: reading, resets: marksResets, tags: marksTags)
        }
      }
    case .json:
      output.write("[")
      try storage.forEachReadingWithTitle { title, reading in
        guard filter.matches(reading) else { return }
        output.write { line in
          line.append(count == 0 ? "\n{" : ",\n{")
          line.jsonKey("project", first: true)
          line.jsonString(title)
          line.jsonMembers(of: reading, resets: marksResets, tags: marksTags)
        }
        count += 1
      }
      output.write(count == 0 ? "]\n" : "\n]\n")
    }
  }
}
