public import TallyCore
public import TallyImport
public import TallyReports

/// What a person asks tally to do, from the shell or the REPL: the typed form of a command
/// line, which ``Session/run(_:)`` carries out.
///
/// Projects are named by title and dates are written as typed: the session reads them in its
/// zone.
public enum UserRequest {
  /// A new project; `goalSince` is `--goal-since` as typed.
  case addProject(NewProject, goalSince: String? = nil)
  case listProjects(ListFormat)
  /// The projects due a reading.
  /// The projects due a reading; with `exitCode`, the session ``Session/needsAttention``
  /// when any is.
  case showDue(ListFormat, exitCode: Bool = false)
  /// Every goal's standing in its running period; with `exitCode`, the session
  /// ``Session/needsAttention`` when one is at risk or missed.
  case showGoals(ListFormat, exitCode: Bool = false)
  /// Every project's figures in Prometheus's text format, to standard output or a file.
  case writeMetrics(output: String?)
  /// Changes to a project; `goal` is completed from its current goal.
  case editProject(title: String, ProjectEdit, goal: GoalRequest? = nil)
  case deleteProject(title: String, confirmed: Bool)
  /// A new reading; a duration (`1:20`) is converted into the project's units of time.
  case addReading(
    project: String, amount: AmountInput, at: String?, note: String?, reset: Bool = false,
    tags: [String] = [])
  /// A project's readings, those that `filter` takes.
  /// With `last`, only the newest that many of them (still oldest first).
  case listReadings(
    project: String, DateRange, ListFormat, ReadingFilter = ReadingFilter(), last: Int? = nil)
  /// A reading's history of changes (`item show`).
  case showReading(ReadingID, ListFormat)
  /// A new amount, time, note or reset mark for a reading; an empty note removes the note, a
  /// duration is converted into the units of the reading's project. `tags` carries the tag
  /// changes (its other fields are not read).
  case editReading(
    ReadingID, amount: AmountInput?, at: String?, note: String?, reset: Bool? = nil,
    tags: ReadingEdit = ReadingEdit())
  case deleteReading(ReadingID, confirmed: Bool)
  /// Starts a project's timer now, or at the time typed (`--at`), with the note and tags its
  /// readings are to carry.
  case startTimer(project: String, note: String? = nil, tags: [String] = [], at: String? = nil)
  /// Stops a project's timer (the one running when `nil`) now or at `at`; its readings get
  /// the note (default: the timer's, or timer) and the timer's tags with these.
  case stopTimer(project: String?, note: String?, tags: [String] = [], at: String? = nil)
  /// Stops a project's timer (the one running when `nil`) and records nothing.
  case cancelTimer(project: String?)
  /// Starts the timer that was stopped last (or the project's) again, with the note and tags
  /// given, or else those of the project's newest reading.
  case resumeTimer(
    project: String?, note: String? = nil, tags: [String]? = nil, at: String? = nil)
  /// Stops the running timers and starts the project's at the same instant, with the note and
  /// tags given.
  case switchTimer(project: String, note: String?, tags: [String] = [], at: String? = nil)
  /// Records an interval that is over: `interval` as `9:00-10:30`, or `from` and `to`.
  case trackTime(
    project: String, interval: String?, from: String?, to: String?, note: String?,
    tags: [String] = [])
  /// The running timers.
  case showTimers(ListFormat = .table)
  /// Each project's figures for the day (`.daily`) or ISO week (`.weekly`) holding the date
  /// typed (default: today), with its tags and goal.
  case showSummary(ReportPeriod, date: String?, ListFormat = .table)
  case undo
  case redo
  /// The latest `limit` changes, newest first, with the values edits changed.
  case showLog(limit: Int, ListFormat = .table)
  case importFile(ImportFileRequest)
  /// The imports, newest first.
  case listImports(ListFormat = .table)
  case undoImport(ImportBatchID)
  case report(ReportRequest)
  /// Every reading `filter` takes, in a form `import` reads back.
  /// Every reading the filter takes; with a path, the projects' settings go into that file
  /// (`--projects FILE`), for `import --projects` to make them.
  case export(ExportFormat, ReadingFilter = ReadingFilter(), projects: String? = nil)

  /// Whether carrying it out may create the database.
  ///
  /// Only what can succeed on an empty one may (creating a project; an import, which may make
  /// its projects; one that fails takes the new file back). Anything else, on a path where no
  /// database is, answers as for an empty one (or fails as it would there) and creates nothing.
  public var createsDatabase: Bool {
    switch self {
    case .addProject: true
    case .importFile(let request): !request.dryRun
    default: false
    }
  }

  /// Whether carrying it out only reads the database: it then opens it without a write lock
  /// and writes nothing to it, so it works on a read-only file or folder and while another
  /// program writes.
  ///
  /// An import's dry run is not one of these: it tries the import in a transaction that it
  /// rolls back.
  public var readsOnly: Bool {
    switch self {
    case .listProjects, .showDue, .showGoals, .writeMetrics, .listReadings, .showReading,
      .showTimers, .showSummary, .showLog, .listImports, .report, .export:
      true
    case .addProject, .editProject, .deleteProject, .addReading, .editReading, .deleteReading,
      .startTimer, .stopTimer, .cancelTimer, .resumeTimer, .switchTimer, .trackTime, .undo, .redo,
      .importFile, .undoImport:
      false
    }
  }
}

/// `--goal`, `--goal-per` and `--goal-is` as given: what is left out is taken from the
/// project's current goal, else `--goal-per` is the project's frequency and `--goal-is`
/// `at-least`.
public struct GoalRequest: Equatable, Sendable {
  /// The amount, or `nil` to keep the current goal's; a duration (`7:30`) is converted into
  /// the project's units of time.
  public var amount: AmountInput?
  /// `--goal none`: take the goal away.
  public var removes: Bool
  /// The goal's period.
  public var per: Frequency?
  /// Which side of the amount meets it.
  public var direction: GoalDirection?
  /// `--goal-since` as typed: the instant the goal judges from.
  public var since: String?

  /// Describes a goal as given.
  public init(
    amount: AmountInput? = nil, removes: Bool = false, per: Frequency? = nil,
    direction: GoalDirection? = nil, since: String? = nil
  ) {
    self.amount = amount
    self.removes = removes
    self.per = per
    self.direction = direction
    self.since = since
  }

  /// The goal this makes for a project whose goal is `current`, frequency `frequency` and
  /// units `units`.
  ///
  /// - Throws: ``TallyError`` for `--goal-per` or `--goal-is` without an amount or a goal to
  ///   change, with `--goal none`, or a duration for units that are not a unit of time.
  public func edit(of current: Goal?, frequency: Frequency, units: String) throws(TallyError)
    -> FieldEdit<Goal>
  {
    if removes {
      guard per == nil, direction == nil, since == nil else {
        throw TallyError(
          .invalidInput,
          "--goal none takes the goal away: leave out --goal-per, --goal-is and --goal-since")
      }
      return .remove
    }
    let given: Double?
    do {
      given = try amount?.amount(inUnits: units)
    } catch {
      throw TallyError(.invalidInput, "--goal \(error)")
    }
    guard let amount = given ?? current?.amount else {
      throw TallyError(
        .invalidInput,
        "--goal-per, --goal-is and --goal-since change a goal: give its amount with --goal")
    }
    return .set(
      Goal(
        amount: amount, per: per ?? current?.per ?? frequency,
        direction: direction ?? current?.direction ?? .atLeast))
  }
}

/// `--from` (inclusive) and `--to` (exclusive) as typed.
public struct DateRange: Equatable, Sendable {
  public var from: String?
  public var to: String?

  /// Creates a range.
  public init(from: String? = nil, to: String? = nil) {
    self.from = from
    self.to = to
  }

  /// Whether either bound is given.
  public var isNarrowed: Bool { from != nil || to != nil }
}

/// How a list is written: a table for people, CSV or JSON for programs.
public enum ListFormat: String, CaseIterable, Sendable {
  case table, csv, json
}

/// How `export` writes every reading.
public enum ExportFormat: String, CaseIterable, Sendable {
  case csv, json
}

/// An import of a CSV file.
public struct ImportFileRequest {
  /// The file's path.
  public var file: String
  /// The project's title; `nil` for a file whose project column names each row's.
  public var project: String?
  /// A file of the projects' settings (`--projects`), to make the projects a file with a
  /// project column names.
  public var projectsFile: String?
  /// The project to create when none has the title (`--create`); its title is `project`.
  public var newProject: NewProject?
  /// How the file is read; its zone is the session's.
  public var options: ImportOptions
  /// Check the file and report; write nothing.
  public var dryRun: Bool
  /// Import the valid rows and list the invalid ones.
  public var skipInvalid: Bool
  /// Import a file whose content an import not undone brought into the project before, even
  /// if, read another way, it adds readings (`--again`).
  public var again: Bool

  /// Describes an import.
  public init(
    file: String, project: String?, projectsFile: String? = nil, newProject: NewProject? = nil,
    options: ImportOptions, dryRun: Bool = false, skipInvalid: Bool = false, again: Bool = false
  ) {
    self.projectsFile = projectsFile
    self.file = file
    self.project = project
    self.newProject = newProject
    self.options = options
    self.dryRun = dryRun
    self.skipInvalid = skipInvalid
    self.again = again
  }
}

/// A report of one or more projects.
public struct ReportRequest: Sendable {
  /// How a report is written.
  public enum Format: String, CaseIterable, Sendable {
    case table, csv, markdown, json, svg, html

    /// The format a file's extension names: `.csv`, `.json`, `.md`, `.svg`, `.html`.
    public init?(fileExtension path: String) {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      guard let dot = name.lastIndex(of: ".") else { return nil }
      switch name[name.index(after: dot)...].lowercased() {
      case "csv": self = .csv
      case "json": self = .json
      case "md", "markdown": self = .markdown
      case "svg": self = .svg
      case "html", "htm": self = .html
      default: return nil
      }
    }
  }

  /// The projects' titles; `nil` reports every project.
  public var titles: [String]?
  /// The period; `nil` takes each project's frequency.
  public var period: ReportPeriod?
  /// The range of time.
  public var range: DateRange
  /// The format; `nil` is a table on a terminal and CSV otherwise.
  public var format: Format?
  /// A file to write atomically instead of standard output.
  public var output: String?
  /// A Mustache template to render with instead of a format.
  public var template: String?
  /// Whether periods without readings are listed.
  public var includesEmpty: Bool
  /// A file to write the chart to, which the Markdown report links.
  public var chart: String?
  /// The figures to show, in order; `nil` for the format's own (the contract's columns in CSV
  /// and JSON, each kind's in a table).
  public var statistics: [ReportStatistic]?
  /// The instant to report as the data stood then (`--as-of`), as given; `nil` for now.
  public var asOf: String?
  /// Which readings count (`--tag`, `--not-tag`, ...).
  public var filter = ReadingFilter()
  /// One row per period and tag (`--by tag`) rather than per period.
  public var byTag = false

  /// What to add looking back and forward: comparisons, a rolling mean, a forecast.
  public var outlook: ReportOutlook
  /// The group to report (`--group`): its projects, and combined rows of those that add up;
  /// `titles` is then `nil`.
  public var group: String?

  /// Describes a report.
  public init(
    titles: [String]?, period: ReportPeriod? = nil, range: DateRange = DateRange(),
    format: Format? = nil, output: String? = nil, template: String? = nil,
    includesEmpty: Bool = false, statistics: [ReportStatistic]? = nil, chart: String? = nil,
    outlook: ReportOutlook = ReportOutlook(), asOf: String? = nil, group: String? = nil
  ) {
    self.group = group
    self.outlook = outlook
    self.asOf = asOf
    self.statistics = statistics
    self.chart = chart
    self.titles = titles
    self.period = period
    self.range = range
    self.format = format
    self.output = output
    self.template = template
    self.includesEmpty = includesEmpty
  }
}
