import ArgumentParser
import TallyApp
import TallyCore

/// `tally item`: add, list, change and delete readings.
struct ItemCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "item",
    abstract: "Add, list, change and delete readings.",
    subcommands: [Add.self, List.self, Show.self, Edit.self, Delete.self]
  )

  struct Add: TallyCommand {
    static let configuration = CommandConfiguration(
      commandName: "add", abstract: "Add a reading to a project.",
      discussion: """
        A negative amount goes after `--`: tally item add Spend -- -12.50. A project whose \
        units are time (h, min, s) also takes a duration: 1:20 (hours:minutes), 1:20:30, \
        1h20m, 20m, 45s.
        """)
    static let syntax = CommandSyntax(
      arguments: ["project", "amount"],
      options: [
        .value("--at"), .value("--note"), .flag("--reset"), .value("--tag", valueName: "tags"),
      ])

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var project: String
    @Argument(
      help: "The amount, a finite decimal number; for a project in h, min or s also a duration.")
    var amount: String
    @Option(help: "When it was read (ISO 8601); default: now.") var at: String?
    @Option(parsing: .unconditional, help: "A note.") var note: String?
    @Flag(help: "For a meter: it was reset or replaced, so this reading may be lower.")
    var reset = false
    @Option(
      name: .customLong("tag"),
      help: ArgumentHelp("Tags, comma-separated (work,client-a); may repeat.", valueName: "tags"))
    var tags: [String] = []

    func request() throws(TallyError) -> UserRequest {
      .addReading(
        project: project, amount: try parseAmount(amount, option: "amount"), at: at, note: note,
        reset: reset, tags: try FilterOptions.tags(tags, option: "--tag"))
    }
  }

  struct List: TallyCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List a project's readings, oldest first, in sections by its frequency.")
    static let syntax = CommandSyntax(
      arguments: ["project"],
      options: [
        .value("--from"), .value("--to"), .value("--last", valueName: "n"),
        .value("--format", values: ListFormat.allValueStrings),
      ] + FilterOptions.syntax)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var project: String
    @Option(help: "From this date or time, inclusive.") var from: String?
    @Option(help: "To this date or time, exclusive.") var to: String?
    // The next word is the number, also when it looks like an option (`--last -1` is refused
    // for its value, not taken for a missing one).
    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Only the newest N (still oldest first).", valueName: "n"))
    var last: Int?
    @Option(help: "table, csv or json.") var format: ListFormat = .table
    @OptionGroup var filter: FilterOptions

    func request() throws(TallyError) -> UserRequest {
      .listReadings(
        project: project, DateRange(from: from, to: to), format, try filter.filter(), last: last)
    }
  }

  struct Show: TallyCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "List a reading's changes, oldest first, also of a deleted reading.",
      discussion: """
        Each change with its time, the values before and after (amount, time, note, reset \
        mark), who made it (on a shared server) and the import the reading came from. CSV \
        header: id,at,step,change,user,import,file,old_amount,new_amount,old_timestamp,\
        new_timestamp,old_note,new_note,old_reset,new_reset.
        """)
    static let syntax = CommandSyntax(
      arguments: ["id"], options: [.value("--format", values: ListFormat.allValueStrings)])

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The reading's id, as `item list` shows it.") var id: Int64
    @Option(help: "table, csv or json.") var format: ListFormat = .table

    func request() -> UserRequest {
      .showReading(ReadingID(rawValue: id), format)
    }
  }

  struct Edit: TallyCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit", abstract: "Change a reading.")
    static let syntax = CommandSyntax(
      arguments: ["id"],
      options: [
        .value("--amount"), .value("--at"), .value("--note"), .flag("--reset"),
        .flag("--no-reset"), .value("--tag", valueName: "tags"),
        .value("--add-tag", valueName: "tags"), .value("--remove-tag", valueName: "tags"),
      ])

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The reading's id, as `item list` shows it.") var id: Int64
    @Option(parsing: .unconditional, help: "A new amount.") var amount: String?
    @Option(help: "A new time (ISO 8601).") var at: String?
    @Option(parsing: .unconditional, help: "A new note; an empty one removes the note.")
    var note: String?
    @Flag(
      inversion: .prefixedNo,
      help: "For a meter: mark the reading as a reset (or, with --no-reset, not).")
    var reset: Bool?
    @Option(
      name: .customLong("tag"),
      help: ArgumentHelp(
        "Tags that replace the reading's, comma-separated; an empty one removes them all.",
        valueName: "tags"))
    var tags: [String] = []
    @Option(
      name: .customLong("add-tag"),
      help: ArgumentHelp("Tags to add, comma-separated.", valueName: "tags"))
    var addedTags: [String] = []
    @Option(
      name: .customLong("remove-tag"),
      help: ArgumentHelp("Tags to take off, comma-separated.", valueName: "tags"))
    var removedTags: [String] = []

    /// Refuses an edit that names nothing to change, once the parser has had its say (a
    /// mistyped option is named as unknown first).
    func run() throws {
      guard
        amount != nil || at != nil || note != nil || reset != nil || !tags.isEmpty
          || !addedTags.isEmpty || !removedTags.isEmpty
      else {
        throw ValidationError(
          "nothing to change: give --amount, --at, --note, --reset, --tag, --add-tag or "
            + "--remove-tag")
      }
      try runRequest()
    }

    func request() throws(TallyError) -> UserRequest {
      .editReading(
        ReadingID(rawValue: id),
        amount: try amount.map { text throws(TallyError) in
          try parseAmount(text, option: "--amount")
        }, at: at, note: note, reset: reset,
        tags: ReadingEdit(
          tags: tags.isEmpty ? nil : try FilterOptions.tags(tags, option: "--tag"),
          addedTags: try FilterOptions.tags(addedTags, option: "--add-tag"),
          removedTags: try FilterOptions.tags(removedTags, option: "--remove-tag")))
    }
  }

  struct Delete: TallyCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete", abstract: "Delete a reading (undo brings it back).")
    static let syntax = CommandSyntax(arguments: ["id"], options: [.flag("--yes")])

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The reading's id, as `item list` shows it.") var id: Int64
    @Flag(help: "Do not ask for confirmation.") var yes = false

    func request() -> UserRequest {
      .deleteReading(ReadingID(rawValue: id), confirmed: yes)
    }
  }
}

/// Parses an amount given on the command line: a number, or a duration (`1:20`, `1h20m`) for
/// a project whose units are a unit of time.
func parseAmount(_ text: String, option: String) throws(TallyError) -> AmountInput {
  do {
    return try AmountInput.parse(text)
  } catch {
    throw TallyError(.invalidInput, "\(option) \(error)")
  }
}
