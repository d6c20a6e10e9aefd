public import TallyCore
public import TallyImport

/// What a person asks tally to do, from the shell or the REPL: the typed form of a command
/// line, which ``Session/run(_:)`` carries out.
///
/// Projects are named by title and dates are written as typed: the session reads them in its
/// zone.
public enum UserRequest {
  case addProject(NewProject)
  case listProjects(ListFormat)
  case editProject(title: String, ProjectEdit)
  case deleteProject(title: String, confirmed: Bool)
  case addReading(project: String, amount: Double, at: String?, note: String?)
  case listReadings(project: String, DateRange, ListFormat)
  /// A new amount, time or note for a reading; an empty note removes the note.
  case editReading(ReadingID, amount: Double?, at: String?, note: String?)
  case deleteReading(ReadingID, confirmed: Bool)
  case startTimer(project: String)
  case stopTimer(project: String, note: String?)
  case cancelTimer(project: String)
  case showTimers
  case undo
  case redo
  case showLog(limit: Int)
  case importFile(ImportFileRequest)
  case listImports
  case undoImport(ImportBatchID)
  case report(ReportRequest)
  case export(ExportFormat)

  /// Whether carrying it out may create the database.
  ///
  /// Only what can succeed on an empty one may (creating a project, importing with
  /// `--create`). Anything else, on a path where no
  /// database is, answers as for an empty one (or fails as it would there) and creates nothing.
  public var createsDatabase: Bool {
    switch self {
    case .addProject: true
    case .importFile(let request): request.newProject != nil && !request.dryRun
    default: false
    }
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
  /// The project's title.
  public var project: String
  /// The project to create when none has the title (`--create`), without its title.
  public var newProject: (frequency: Frequency, units: String)?
  /// How the file is read; its zone is the session's.
  public var options: ImportOptions
  /// Check the file and report; write nothing.
  public var dryRun: Bool
  /// Import the valid rows and list the invalid ones.
  public var skipInvalid: Bool

  /// Describes an import.
  public init(
    file: String, project: String, newProject: (frequency: Frequency, units: String)? = nil,
    options: ImportOptions, dryRun: Bool = false, skipInvalid: Bool = false
  ) {
    self.file = file
    self.project = project
    self.newProject = newProject
    self.options = options
    self.dryRun = dryRun
    self.skipInvalid = skipInvalid
  }
}

/// A report of one or more projects.
public struct ReportRequest: Sendable {
  /// How a report is written.
  public enum Format: String, CaseIterable, Sendable {
    case table, csv, markdown, json
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

  /// Describes a report.
  public init(
    titles: [String]?, period: ReportPeriod? = nil, range: DateRange = DateRange(),
    format: Format? = nil, output: String? = nil, template: String? = nil,
    includesEmpty: Bool = false
  ) {
    self.titles = titles
    self.period = period
    self.range = range
    self.format = format
    self.output = output
    self.template = template
    self.includesEmpty = includesEmpty
  }
}
