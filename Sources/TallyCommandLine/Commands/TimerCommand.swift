import ArgumentParser
import TallyApp
import TallyCore

/// `tally timer`: time work on a project; stopping records the elapsed time as a reading.
struct TimerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timer",
    abstract: "Start and stop a project's timer; the elapsed time becomes a reading.",
    subcommands: [
      Start.self, Stop.self, Switch.self, Resume.self, Cancel.self, Status.self, List.self,
    ]
  )

  /// The options that give a timer's readings their note and tags, when it starts.
  static let noteAndTags: [CommandCatalog.Option] = [
    .value("--note"), .value("--tag", valueName: "tags"),
  ]

  /// What `--tag` says to people, for every timer subcommand that takes it.
  static let tagHelp = ArgumentHelp(
    "The readings' tags, comma-separated; may repeat.", valueName: "tags")

  /// What `--at` says to people, for every timer subcommand that takes it.
  static let atHelp: ArgumentHelp =
    "When (now, 9:00, yesterday 18:00, 20 min ago, -90m, ISO 8601); default: now."

  struct Start: TallyCommand {
    static let configuration = CommandConfiguration(
      commandName: "start",
      abstract:
        "Start a project's timer, now or at --at, with the note and tags its readings will "
        + "carry.")
    static let syntax = CommandSyntax(
      arguments: ["project"], options: TimerCommand.noteAndTags + [.value("--at")])

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var project: String
    @Option(parsing: .unconditional, help: "The readings' note; default: timer.")
    var note: String?
    @Option(name: .customLong("tag"), help: TimerCommand.tagHelp) var tags: [String] = []
    @Option(help: TimerCommand.atHelp) var at: String?

    func request() throws(TallyError) -> UserRequest {
      .startTimer(
        project: project, note: note, tags: try FilterOptions.tags(tags, option: "--tag"), at: at)
    }
  }

  struct Stop: TallyCommand {
    static let syntax = CommandSyntax(
      arguments: ["project"],
      options: [.value("--note"), .value("--tag", valueName: "tags"), .value("--at")])
    static let configuration = CommandConfiguration(
      commandName: "stop",
      abstract:
        "Stop a project's timer (the running one when no title is given) and record the "
        + "elapsed time in the project's units (hours unless they say minutes or seconds).")

    @OptionGroup var global: GlobalOptions
    @Argument(
      help: "The project's title; default: the only timer running.",
      completion: ProjectTitleCompletion.kind)
    var project: String?
    @Option(
      parsing: .unconditional,
      help: "The readings' note; default: the one given at start, or timer.")
    var note: String?
    @Option(
      name: .customLong("tag"),
      help: ArgumentHelp(
        "Tags the readings carry besides those given at start, comma-separated; may repeat.",
        valueName: "tags"))
    var tags: [String] = []
    @Option(help: TimerCommand.atHelp) var at: String?

    func request() throws(TallyError) -> UserRequest {
      .stopTimer(
        project: project, note: note, tags: try FilterOptions.tags(tags, option: "--tag"), at: at)
    }
  }

  /// `timer switch TITLE`: stop what runs and start another at the same instant.
  struct Switch: TallyCommand {
    static let syntax = CommandSyntax(
      arguments: ["project"], options: TimerCommand.noteAndTags + [.value("--at")])
    static let configuration = CommandConfiguration(
      commandName: "switch",
      abstract:
        "Stop the running timers and start a project's at the same instant (one change, "
        + "one undo); --note and --tag are the new timer's.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project to time now.", completion: ProjectTitleCompletion.kind)
    var project: String
    @Option(parsing: .unconditional, help: "The new timer's readings' note; default: timer.")
    var note: String?
    @Option(name: .customLong("tag"), help: TimerCommand.tagHelp) var tags: [String] = []
    @Option(help: TimerCommand.atHelp) var at: String?

    func request() throws(TallyError) -> UserRequest {
      .switchTimer(
        project: project, note: note, tags: try FilterOptions.tags(tags, option: "--tag"), at: at)
    }
  }

  /// `timer resume`: the last timer again.
  struct Resume: TallyCommand {
    static let syntax = CommandSyntax(
      arguments: ["project"], options: TimerCommand.noteAndTags + [.value("--at")])
    static let configuration = CommandConfiguration(
      commandName: "resume",
      abstract:
        "Start again the timer that was stopped last (or whose time was tracked last), or the "
        + "project's, with the note and tags of its newest reading unless others are given.")

    @OptionGroup var global: GlobalOptions
    @Argument(
      help: "The project's title; default: the last one timed.",
      completion: ProjectTitleCompletion.kind)
    var project: String?
    @Option(
      parsing: .unconditional,
      help: "The readings' note; default: the newest reading's.")
    var note: String?
    @Option(
      name: .customLong("tag"),
      help: ArgumentHelp(
        "The readings' tags, comma-separated; may repeat; default: the newest reading's.",
        valueName: "tags"))
    var tags: [String] = []
    @Option(help: TimerCommand.atHelp) var at: String?

    func request() throws(TallyError) -> UserRequest {
      .resumeTimer(
        project: project, note: note,
        tags: tags.isEmpty ? nil : try FilterOptions.tags(tags, option: "--tag"), at: at)
    }
  }

  struct Cancel: TallyCommand {
    static let syntax = CommandSyntax(arguments: ["project"])
    static let configuration = CommandConfiguration(
      commandName: "cancel",
      abstract:
        "Stop a project's timer (the running one when no title is given) without recording "
        + "anything (undo brings it back).")

    @OptionGroup var global: GlobalOptions
    @Argument(
      help: "The project's title; default: the only timer running.",
      completion: ProjectTitleCompletion.kind)
    var project: String?

    func request() -> UserRequest {
      .cancelTimer(project: project)
    }
  }

  struct Status: TallyCommand {
    static let configuration = CommandConfiguration(
      commandName: "status", abstract: "Show the running timers.")
    static let syntax = CommandSyntax(
      options: [.value("--format", values: ListFormat.allValueStrings)])

    @OptionGroup var global: GlobalOptions
    @Option(help: "table, csv or json.") var format: ListFormat = .table

    func request() -> UserRequest {
      .showTimers(format)
    }
  }

  /// `timer list`: the same as `timer status`, by the name issue 28 gives it.
  struct List: TallyCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "Show the running timers (the same as timer status).")
    static let syntax = Status.syntax

    @OptionGroup var global: GlobalOptions
    @Option(help: "table, csv or json.") var format: ListFormat = .table

    func request() -> UserRequest {
      .showTimers(format)
    }
  }
}
