import ArgumentParser
import TallyApp

/// `tally timer`: time work on a project; stopping records the elapsed time as a reading.
struct TimerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timer",
    abstract: "Start and stop a project's timer; the elapsed time becomes a reading.",
    subcommands: [Start.self, Stop.self, Cancel.self, Status.self, List.self]
  )

  struct Start: TallyCommand {
    static let configuration = CommandConfiguration(
      commandName: "start", abstract: "Start a project's timer.")
    static let syntax = CommandSyntax(arguments: ["project"])

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var project: String

    func request() -> UserRequest {
      .startTimer(project: project)
    }
  }

  struct Stop: TallyCommand {
    static let syntax = CommandSyntax(arguments: ["project"], options: [.value("--note")])
    static let configuration = CommandConfiguration(
      commandName: "stop",
      abstract:
        "Stop a project's timer and record the elapsed time in the project's units "
        + "(hours unless they say minutes or seconds).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var project: String
    @Option(parsing: .unconditional, help: "The reading's note; default: timer.")
    var note: String?

    func request() -> UserRequest {
      .stopTimer(project: project, note: note)
    }
  }

  struct Cancel: TallyCommand {
    static let syntax = CommandSyntax(arguments: ["project"])
    static let configuration = CommandConfiguration(
      commandName: "cancel",
      abstract: "Stop a project's timer without recording anything (undo brings it back).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's title.", completion: ProjectTitleCompletion.kind)
    var project: String

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
