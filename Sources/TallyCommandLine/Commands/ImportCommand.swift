import ArgumentParser
import Foundation
import TallyApp
import TallyCore
import TallyImport

/// `tally import`: bring readings in from a CSV file, list the imports, undo one.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import readings (CSV, a whole export, a time log); list or undo imports.",
    usage: """
      tally import <file> --project <title> [<options>]
      tally import <export> [--projects <file>] [<options>]
      tally import list
      tally import undo <id>
      """,
    discussion: """
      `tally import FILE --project TITLE` is `tally import file FILE --project TITLE`: its \
      options (--create, --dry-run, --skip-invalid, --again, the columns, the date format, the \
      delimiter, the encoding) are listed by `tally import file --help`. FILE may be `-` for \
      standard input. A file with a project column (as `tally export` writes it) goes into \
      each row's project, made with the settings of `--projects FILE` (as `tally export \
      --projects FILE` writes them) where it is not there; with --project, only that \
      project's rows are taken. A file that starts with `[` or `{` is read as `timew export`, \
      Watson's frames or `watson log --json`: each interval becomes time readings in the \
      project named after the tracker's.
      """,
    subcommands: [ImportFile.self, List.self, Undo.self],
    defaultSubcommand: ImportFile.self
  )

  struct List: TallyCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List the imports, newest first.")
    static let syntax = CommandSyntax(
      options: [.value("--format", values: ListFormat.allValueStrings)])

    @OptionGroup var global: GlobalOptions
    @Option(help: "table, csv or json.") var format: ListFormat = .table

    func request() -> UserRequest {
      .listImports(format)
    }
  }

  struct Undo: TallyCommand {
    static let syntax = CommandSyntax(arguments: ["batch"])
    static let configuration = CommandConfiguration(
      commandName: "undo",
      abstract:
        "Take out exactly the readings an import brought in (`tally undo` right after brings them back)."
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The import's id, as `import list` shows it.") var batch: Int64

    func request() -> UserRequest {
      .undoImport(ImportBatchID(rawValue: batch))
    }
  }
}

/// `tally import FILE --project TITLE ...`: the import itself.
struct ImportFile: TallyCommand {
  static let configuration = CommandConfiguration(
    commandName: "file",
    abstract:
      "Import readings from a CSV file with a header row, or a time log (the default subcommand).",
    discussion: """
      Columns are found by name, ignoring case: date, amount and note unless told otherwise. \
      Dates are ISO 8601 unless --date-format gives a pattern such as 'dd.MM.yyyy HH:mm'. \
      The import is all or nothing; a reading identical to one already stored is not added \
      again, so importing a file twice adds nothing.
      """)

  static let syntax = CommandSyntax(
    arguments: ["file"],
    options: [
      .value("--project"), .value("--projects", valueName: "file"), .value("--project-column"),
      .flag("--create"),
      .value("--frequency", values: Frequency.allValueStrings), .value("--units"),
      .value("--kind", values: ProjectKind.allValueStrings), .value("--group"),
      .value("--date-column"),
      .value("--amount-column"), .value("--note-column"), .value("--date-format"),
      .value("--delimiter"), .value("--filter-column"), .value("--filter-value"),
      .flag("--decimal-comma"), .value("--encoding"), .flag("--dry-run"),
      .flag("--skip-invalid"), .flag("--again"), .value("--tag-column"),
      .value("--tag", valueName: "tags"),
    ])

  @OptionGroup var global: GlobalOptions
  @Argument(
    help: "The file: CSV, or the JSON of Timewarrior or Watson.", completion: .file(),
    transform: { TypedPath.expanded($0) })
  var file: String
  @Option(
    help: """
      The project the readings go into; of a file with a project column, the project whose \
      rows are taken.
      """,
    completion: ProjectTitleCompletion.kind)
  var project: String?
  @Option(
    help: ArgumentHelp(
      "A CSV file of projects' settings (from `tally export --projects`), for a file with a project column.",
      valueName: "file"),
    completion: .file(), transform: { TypedPath.expanded($0) })
  var projects: String?
  @Option(
    help: "The column naming each row's project (default: project, if there is one), or none.")
  var projectColumn: String?
  @Flag(
    help: "Create the project if it does not exist (with --frequency, --units, --kind, --group).")
  var create = false
  @Option(help: "The new project's frequency, with --create.") var frequency: Frequency?
  @Option(help: "The new project's units, with --create.") var units: String?
  @Option(help: "The new project's kind (total, gauge or meter), with --create.")
  var kind: ProjectKind?
  @Option(help: "The new project's group, with --create.") var group: String?
  @Option(help: "The column of dates (default: date).") var dateColumn: String?
  @Option(help: "The column of amounts (default: amount).") var amountColumn: String?
  @Option(help: "The column of notes (default: note, if there is one).") var noteColumn: String?
  @Option(help: "The column of tags, separated by , or ; (default: tags, if there is one).")
  var tagColumn: String?
  @Option(
    name: .customLong("tag"),
    help: ArgumentHelp("Tags for every row, comma-separated; may repeat.", valueName: "tags"))
  var tags: [String] = []
  @Option(help: "A Unicode date pattern such as 'MMM d yyyy' instead of ISO 8601.")
  var dateFormat: String?
  @Option(help: "The field delimiter: one character, or 'tab' (default: ,).") var delimiter: String?
  @Option(help: "Import only rows whose column --filter-column ...") var filterColumn: String?
  @Option(help: "... holds this value.") var filterValue: String?
  @Flag(help: "Amounts use a decimal comma: 1.234,5.") var decimalComma = false
  @Option(
    help: """
      The file's encoding: utf-8, utf-16, latin1 or windows-1252 (default: utf-8, or utf-16 \
      after its byte order mark).
      """,
    completion: .list(["utf-8", "utf-16", "utf-16le", "utf-16be", "latin1", "windows-1252"]))
  var encoding: String?
  @Flag(help: "Check the file and report; write nothing.") var dryRun = false
  @Flag(help: "Import the valid rows and list the invalid ones.") var skipInvalid = false
  @Flag(
    help: """
      Import a file the project has imported before even if it adds readings \
      (read with another --tz or --date-format, say).
      """)
  var again = false

  func validate() throws {
    if (filterColumn == nil) != (filterValue == nil) {
      throw ValidationError("--filter-column and --filter-value go together")
    }
    if !create, frequency != nil || units != nil || kind != nil || group != nil {
      throw ValidationError("--frequency, --units, --kind and --group are for --create")
    }
    if project != nil, projects != nil {
      throw ValidationError("--projects makes every project of the file; --project takes one")
    }
    if create, project == nil {
      throw ValidationError("--create makes the project --project names: add --project TITLE")
    }
    if create, projects != nil {
      throw ValidationError("--projects makes the projects; leave out --create")
    }
    if create, frequency == nil {
      throw ValidationError("--create needs --frequency daily|weekly|monthly|quarterly|yearly")
    }
    if let encoding, TextEncoding(argument: encoding) == nil {
      throw ValidationError(
        "--encoding takes \(TextEncoding.argumentNames): '\(encoding)'")
    }
    if let delimiter, FieldDelimiter(argument: delimiter) == nil {
      throw ValidationError(
        "--delimiter takes one character other than a quote or a line break, or 'tab': '\(delimiter)'"
      )
    }
  }

  func request() throws(TallyError) -> UserRequest {
    var options = options(zone: global.timeZone)
    options.tags = try FilterOptions.tags(tags, option: "--tag")
    return .importFile(
      ImportFileRequest(
        file: file, project: project, projectsFile: projects,
        newProject: create
          ? frequency.map {
            NewProject(
              title: project ?? "", units: units ?? "", frequency: $0, kind: kind ?? .total,
              group: group)
          } : nil,
        options: options, dryRun: dryRun, skipInvalid: skipInvalid,
        again: again))
  }

  private func options(zone: TimeZone) -> ImportOptions {
    var options = ImportOptions(zone: zone)
    if let dateColumn {
      options.dateColumn = dateColumn
    }
    options.amountColumn = amountColumn ?? options.amountColumn
    if let noteColumn {
      options.noteColumn = noteColumn
      options.noteColumnIsRequired = true
    }
    if let tagColumn { options.tagColumn = tagColumn }
    if let projectColumn {
      options.projectColumn = projectColumn.lowercased() == "none" ? nil : projectColumn
    }
    options.dateFormat = dateFormat
    options.delimiter = delimiter.flatMap(FieldDelimiter.init(argument:)) ?? .comma
    if let filterColumn, let filterValue {
      options.filter = (filterColumn, filterValue)
    }
    options.decimalComma = decimalComma
    options.encoding = encoding.flatMap(TextEncoding.init(argument:))
    return options
  }
}
